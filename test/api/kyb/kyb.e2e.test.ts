import { expect } from 'chai';
import { FRENCH_LIVE_SOURCES } from '../../../app/readSide.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { EU_VIES_REGISTER } from '../../../schemas/events/euViesEvents.ts';
import { VIES_ANSWERS, viesBody } from '../../ingest/eu-vies/viesRecordings.ts';
import { targetDescription } from '../../support/database.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';
import { recordedReplay } from '../../support/recordedLiveRegister.ts';
import { type ReplayAnswer, type ReplayServer, startReplayServer } from '../../support/replayServer.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;

/** The demo company with BODACC collective-proceeding notices; its VIES answer recorded. */
const SUCRERIES = '005420120';
const VIES_SOURCES = FRENCH_LIVE_SOURCES.filter((s) => s.info.register === EU_VIES_REGISTER);

describe(`GET /v1/kyb/{siren} on the demo data (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  let vies: ReplayServer;
  let key: string;
  const fail = new Map<string, ReplayAnswer>();

  before(async () => {
    vies = await startReplayServer(recordedReplay(VIES_SOURCES[0]!.parts.recordings, fail));
    service = await startPaidDemoService({
      demo: ['fr.sirene', 'fr.bodacc', 'eu.fsf', 'fr.gels'],
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

  const kyb = async (siren: string) => {
    const res = await fetch(`${service.t.baseUrl}/v1/kyb/${siren}`, { headers: { 'X-Api-Key': key } });
    return { res, body: (await res.json()) as Json };
  };

  // The outage first: a served VIES answer would be served again from this process's cache.
  it('VIES unavailable: the VAT block is absent (amont_indisponible) and no VAT flag is raised', async () => {
    fail.set('*', { status: 200, body: viesBody(VIES_ANSWERS.msUnavailable.file) });
    const { res, body } = await kyb(SUCRERIES);
    expect(res.status).to.equal(200);
    expect(body.tva).to.equal(null);
    expect(body.blocs_absents).to.deep.include({
      bloc: 'tva',
      raison: 'amont_indisponible',
      message: body.blocs_absents.find((b: Json) => b.bloc === 'tva').message,
    });
    expect(body.signaux.map((s: Json) => s.code)).to.not.include('tva_non_valide');
  });

  it('serves identity, proceedings, the VAT check and the flags at $0.15, signed, citation first', async () => {
    const { res, body } = await kyb(SUCRERIES);
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-credits-charged')).to.equal('0.15');
    expect(res.headers.get('signature')).to.match(/^sig1=/);
    expect(Object.keys(body)[0]).to.equal('citation');
    expect(body.identite).to.include({
      siren: SUCRERIES,
      denomination: 'SOCIETE DES SUCRERIES DU MARQUENTERRE',
    });
    expect(body.identite.siege.siret).to.equal('00542012000031');
    expect(body.tva).to.deep.include({ numero_tva: 'FR68005420120' });
    expect(body.tva.tva.statut).to.equal('valide');
    expect(body.procedures_collectives.nombre).to.be.greaterThan(0);
    expect(body.procedures_collectives.liste.map((p: Json) => p.categorie)).to.not.include('radiation');
    for (const s of body.signaux) expect(s.source).to.be.a('string').and.not.equal('');
    expect(body.provenance.map((p: Json) => p.registre)).to.include.members([
      'fr.sirene',
      'fr.bodacc',
      'eu.vies',
      'eu.fsf',
      'fr.gels',
    ]);
  });

  it('flags the open proceeding from its latest BODACC notice (a recovery plan, no closure since)', async () => {
    const { body } = await kyb(SUCRERIES);
    expect(body.procedures_collectives.liste[0]).to.include({
      categorie: 'plan',
      annonce_id: 'A202501802215',
    });
    expect(body.signaux.filter((s: Json) => s.code === 'procedure_collective')).to.deep.equal([
      { code: 'procedure_collective', source: 'fr.bodacc', date: '2025-09-09', reference: 'A202501802215' },
    ]);
  });

  it('names each block it could not serve with its reason, never an empty list in its place', async () => {
    const { body } = await kyb(SUCRERIES);
    const reasons = Object.fromEntries(body.blocs_absents.map((b: Json) => [b.bloc, b.raison]));
    expect(reasons).to.deep.equal({ dirigeants: 'registre_non_configure', score: 'copie_indisponible' });
    expect(body.dirigeants).to.equal(null);
    expect(body.score).to.equal(null);
    expect(body.groupe_lei.etat).to.equal('indisponible');
  });

  it('screens the company against both lists at the versions its provenance cites: no hit, no flag', async () => {
    const { body } = await kyb(SUCRERIES);
    expect(body.sanctions.listes.map((l: Json) => l.registre)).to.deep.equal(['eu.fsf', 'fr.gels']);
    for (const list of body.sanctions.listes) {
      const cited = body.provenance.find((p: Json) => p.registre === list.registre);
      expect(cited.version).to.equal(list.version);
      expect(cited.empreinte_sha256).to.equal(list.empreinte_sha256);
    }
    expect(body.sanctions).to.include({ personnes_criblees: 1, nombre_resultats: 0 });
    expect(body.signaux.map((s: Json) => s.code)).to.not.include('sanction_entreprise');
  });

  it('refuses what the profile refuses, uncharged: an unknown SIREN is 404, a malformed one 400', async () => {
    const unknown = await kyb('732829320');
    expect(unknown.res.status).to.equal(404);
    expect(unknown.res.headers.get('x-credits-charged')).to.equal('0');
    const bad = await kyb('12345');
    expect(bad.res.status).to.equal(400);
    expect(bad.body).to.include({ champ: 'siren' });
  });

  it('lists its red flags’ closed list in GET /v1/lecture', async () => {
    const res = await fetch(`${service.t.baseUrl}/v1/lecture`);
    const body = (await res.json()) as Json;
    expect(body.signaux_kyb.map((s: Json) => s.code)).to.include.members([
      'procedure_collective',
      'sanction_entreprise',
      'tva_non_valide',
    ]);
  });
});

describe(`GET /v1/kyb/{siren} without the sanctions lists (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  let key: string;
  before(async () => {
    service = await startPaidDemoService({ demo: ['fr.sirene', 'fr.bodacc'], freeCallsPerMonth: 0 });
    key = (await openAccount(service.t.service.store, { credits: 1_000_000 })).key;
    await service.t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
  });

  it('refuses the KYB (503, uncharged) rather than sell one with no screening', async () => {
    const res = await fetch(`${service.t.baseUrl}/v1/kyb/${SUCRERIES}`, { headers: { 'X-Api-Key': key } });
    const body = (await res.json()) as Json;
    expect(res.status).to.equal(503);
    expect(body).to.include({ error: 'collecte_en_cours', registre: 'eu.fsf' });
    expect(res.headers.get('x-credits-charged')).to.equal('0');
  });
});
