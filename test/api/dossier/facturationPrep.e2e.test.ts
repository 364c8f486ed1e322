import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'chai';
import { FRENCH_LIVE_SOURCES } from '../../../app/readSide.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { EU_VIES_REGISTER } from '../../../schemas/events/euViesEvents.ts';
import { facturationPrepBlockSchema } from '../../../schemas/responses/tvaVerifier.ts';
import { VIES_ANSWERS, viesBody } from '../../ingest/eu-vies/viesRecordings.ts';
import { targetDescription } from '../../support/database.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';
import { recordedReplay } from '../../support/recordedLiveRegister.ts';
import { type ReplayAnswer, type ReplayServer, startReplayServer } from '../../support/replayServer.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;

/** The demo company with establishments and BODACC collective-proceeding notices; its VIES answer recorded. */
const SUCRERIES = '005420120';
const VIES_SOURCES = FRENCH_LIVE_SOURCES.filter((s) => s.info.register === EU_VIES_REGISTER);

describe(`The dossier block facturation_prep on the demo data (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  let vies: ReplayServer;
  let key: string;
  const fail = new Map<string, ReplayAnswer>();

  before(async () => {
    vies = await startReplayServer(recordedReplay(VIES_SOURCES[0]!.parts.recordings, fail));
    service = await startPaidDemoService({
      demo: ['fr.sirene', 'fr.bodacc'],
      freeCallsPerMonth: 0,
      compose: {
        frenchLiveSources: VIES_SOURCES,
        liveUrls: { [EU_VIES_REGISTER]: vies.url },
        livePolicy: { timeoutMs: 1500, breaker: { failures: 50, halfOpenAfterMs: 300 } },
        viesRequesterVat: null,
      },
    });
    key = (await openAccount(service.t.service.store, { credits: 1_000_000 })).key;
    await service.t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
    await vies?.close();
  });
  afterEach(() => fail.clear());

  const dossier = async (blocs: string) => {
    const res = await fetch(`${service.t.baseUrl}/v1/entreprise/${SUCRERIES}/dossier?blocs=${blocs}`, {
      headers: { 'X-Api-Key': key },
    });
    return { res, body: (await res.json()) as Json };
  };

  // The outage first: a served answer would be served again from this process's cache.
  it('VIES unavailable for FR: the block is absent (amont_indisponible) and not charged', async () => {
    fail.set('*', { status: 200, body: viesBody(VIES_ANSWERS.msUnavailable.file) });
    const { res, body } = await dossier('facturation_prep');
    expect(res.status).to.equal(200);
    expect(body.blocs).to.deep.equal({});
    expect(body.blocs_absents).to.have.length(1);
    expect(body.blocs_absents[0]).to.include({ bloc: 'facturation_prep', raison: 'amont_indisponible' });
    expect(body.blocs_absents[0].message).to.contain('FR68005420120').and.contain('État membre FR');
    expect(body.resume).to.include({ servis: 0, dont_panne_amont: 1 });
    expect(res.headers.get('x-credits-charged')).to.equal('0.005');
  });

  it('serves the identity, the VAT number checked with VIES, the billing address, open SIRETs and proceedings', async () => {
    const { res, body } = await dossier('facturation_prep');
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-credits-charged')).to.equal('0.035');
    const block = body.blocs.facturation_prep;
    expect(block).to.include({
      siren: SUCRERIES,
      denomination: 'SOCIETE DES SUCRERIES DU MARQUENTERRE',
      numero_tva: 'FR68005420120',
    });
    expect(block.tva).to.include({ statut: 'valide', date_demande: '2026-11-20T09:00:00.000Z' });
    expect(block.tva.identifiant_consultation).to.equal(null);
    expect(block.adresse_facturation).to.deep.equal({
      siret: '00542012000031',
      adresse: 'RTE NATIONALE, 62140 MARCONNELLE',
      code_postal: '62140',
      commune: 'MARCONNELLE',
    });
    expect(block.etablissements_ouverts).to.deep.equal([
      '00542012000031',
      '00542012000015',
      '00542012000023',
    ]);
    expect(block.procedures_collectives.length).to.be.greaterThan(0);
    expect(block.procedures_collectives.map((p: Json) => p.categorie)).to.not.include('radiation');
    expect(block.listes_bornees.etablissements_ouverts).to.include({ nombre_total: 3, tronque: false });
    expect(body.provenance.map((p: Json) => p.registre)).to.include('eu.vies');
    const validate = new Ajv2020({ strict: false, validateFormats: false }).compile(
      facturationPrepBlockSchema,
    );
    expect(validate(block), JSON.stringify(validate.errors)).to.equal(true);
  });

  it('lists the same collective proceedings as the alerts route, radiations apart', async () => {
    const { body } = await dossier('facturation_prep,alertes_bodacc');
    const alertes = body.blocs.alertes_bodacc.alertes.filter((a: Json) => a.categorie !== 'radiation');
    expect(body.blocs.facturation_prep.procedures_collectives).to.deep.equal(alertes);
  });
});
