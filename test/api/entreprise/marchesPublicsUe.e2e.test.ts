import { expect } from 'chai';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { TED_PRIVATE_NAMES } from '../../ingest/eu-ted/tedFixtures.ts';
import { targetDescription } from '../../support/database.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';
import { ingestSireneSample, unnamedUnit } from '../../support/sireneSample.ts';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked member by member
type Json = any;

/**
 * Sirene units for the winners the TED demo notices identify (ingest/eu-ted/demo/SOURCE.txt): the sample's
 * first unit with its identity cells set, no name (the answer never names a winner), a legal person's category.
 */
/** Winner of lot 1 of 00251823-2024 by its SIRET 34498727600039. */
const BY_SIRET = '344987276';
/** Winner of lot 2 of 00251823-2024 by its SIREN. */
const BY_SIREN = '403625841';
/** Winner of 00038918-2025 by the spaced SIRET `879 997 880 00023`, the value withheld. */
const WITHHELD = '879997880';
/** One of the group awarded lot 1 of 404080-2018 (R2.0.9). */
const GROUP_MEMBER = '398762211';
/** A demo company with no notice. */
const NO_NOTICE = '005420120';

describe(`GET /v1/entreprise/{siren}/marches-publics-ue on the TED demo (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  let key: string;
  const served: string[] = [];
  const fetchText = async (path: string) => {
    const res = await fetch(`${service.t.baseUrl}${path}`, { headers: { 'X-Api-Key': key } });
    const text = await res.text();
    served.push(text);
    return { res, text, body: JSON.parse(text) as Json };
  };
  const get = (siren: string) => fetchText(`/v1/entreprise/${siren}/marches-publics-ue`);

  before(async () => {
    service = await startPaidDemoService({ demo: ['fr.sirene', 'eu.ted'], freeCallsPerMonth: 0 });
    const { t } = service;
    await ingestSireneSample(
      { knex: t.db.knex, store: t.service.store },
      {
        version: new Date().toISOString().slice(0, 10),
        extraUnits: [BY_SIRET, BY_SIREN, WITHHELD, GROUP_MEMBER].map((siren) => unnamedUnit(siren)),
      },
    );
    key = (await openAccount(t.service.store, { credits: 1_000_000 })).key;
    await t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
  });

  it('serves the notices a company won by its SIRET, the value as published, with citation and provenance', async () => {
    const { res, body } = await get(BY_SIRET);
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-credits-charged')).to.equal('0.02');
    expect(Object.keys(body)[0]).to.equal('citation');
    expect(body.provenance.map((p: Json) => p.registre).sort()).to.deep.equal(['eu.ted', 'fr.sirene']);
    const ted = body.provenance.find((p: Json) => p.registre === 'eu.ted');
    expect(ted.empreinte_sha256).to.match(/^[0-9a-f]{64}$/);
    expect(body).to.deep.include({
      siren: BY_SIRET,
      nombre_avis: 1,
      nombre_attributions: 1,
      tronque: false,
      couverture: { avis_attributaire_francais_non_identifie: 1 },
    });
    expect(body.avis).to.deep.equal([
      {
        numero_publication: '00251823-2024',
        date_publication: '2024-04-26',
        type_avis: 'can-standard',
        titre: "Services d'impression de supports de communication pour la ville du Raincy",
        acheteur: { nom: 'COMMUNE LE RAINCY' },
        code_cpv: '79810000',
        lien: 'https://ted.europa.eu/fr/notice/-/detail/00251823-2024',
        attributions: [
          {
            lot: 'LOT-0001',
            contrat: 'LOT 1',
            titre: "Services d'impression du magazine municipal",
            montant_centimes: 20_000_000,
            devise: 'EUR',
            groupement: false,
            coattributaires: 0,
          },
        ],
      },
    ]);
  });

  it('matches a winner published by its SIREN, and one by a spaced SIRET whose withheld value is null', async () => {
    const bySiren = (await get(BY_SIREN)).body;
    expect(bySiren.avis[0].attributions).to.have.length(1);
    expect(bySiren.avis[0].attributions[0]).to.include({ lot: 'LOT-0002', montant_centimes: 60_000_000 });
    const withheld = (await get(WITHHELD)).body;
    expect(withheld.avis[0]).to.include({ numero_publication: '00038918-2025' });
    expect(withheld.avis[0].attributions[0]).to.include({ montant_centimes: null, devise: 'EUR' });
  });

  it('a group member sees the group’s value, flagged, its co-winner counted', async () => {
    const { body } = await get(GROUP_MEMBER);
    expect(body.avis[0]).to.include({ numero_publication: '404080-2018', date_publication: '2018-09-15' });
    expect(body.avis[0].attributions).to.deep.equal([
      {
        lot: '1',
        contrat: '18.008.1',
        titre: 'Infrastructures',
        montant_centimes: 462_513_740,
        devise: 'EUR',
        groupement: true,
        coattributaires: 1,
      },
    ]);
  });

  it('a company with no notice is 200 with zero counts and an empty list', async () => {
    const { res, body } = await get(NO_NOTICE);
    expect(res.status).to.equal(200);
    expect(body).to.deep.include({ nombre_avis: 0, nombre_attributions: 0, tronque: false, avis: [] });
    expect(body.note).to.contain(' / ');
  });

  it('a malformed SIREN is 400 and never charged', async () => {
    const { res, body } = await get('123456789');
    expect(res.status).to.equal(400);
    expect(body).to.include({ error: 'parametre_invalide', champ: 'siren' });
    expect(res.headers.get('x-credits-charged')).to.equal('0');
  });

  it('the dossier serves the marches_publics_ue block at the route’s price; none is absent, not charged', async () => {
    const { res, body } = await fetchText(`/v1/entreprise/${BY_SIRET}/dossier?blocs=marches_publics_ue`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-credits-charged')).to.equal('0.025');
    const route = (await get(BY_SIRET)).body;
    const {
      couverture: _c,
      citation: _ci,
      provenance: _p,
      source: _s,
      disclaimer: _d,
      data_freshness: _f,
      ...summary
    } = route;
    expect(body.blocs.marches_publics_ue).to.deep.equal(summary);
    expect(body.provenance.map((p: Json) => p.registre).sort()).to.deep.equal(['eu.ted', 'fr.sirene']);
    const none = await fetchText(`/v1/entreprise/${NO_NOTICE}/dossier?blocs=marches_publics_ue`);
    expect(none.res.headers.get('x-credits-charged')).to.equal('0.005');
    expect(none.body.blocs_absents[0]).to.include({ bloc: 'marches_publics_ue', raison: 'aucune_donnee' });
  });

  it('never names a winner, a contact or an e-mail in any answer', () => {
    expect(served.length).to.be.greaterThan(5);
    for (const text of served) {
      for (const name of TED_PRIVATE_NAMES) expect(text).not.to.include(name);
    }
  });
});
