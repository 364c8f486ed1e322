import { expect } from 'chai';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { targetDescription } from '../../support/database.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';
import { ingestSireneSample, unnamedUnit } from '../../support/sireneSample.ts';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked member by member
type Json = any;

/**
 * Sirene units for the companies the DECP demo's 2024-layout file names (ingest/fr-decp/demo/SOURCE.txt):
 * the sample's first unit with its identity cells set, no name (the DECP file names no holder), a legal
 * person's category; one of them a sole proprietor (category 1000), as Sirene would say of a natural person.
 */
/** Holder of 202401L04 (façades, Commentry), whose modification adds 812235133 and a malformed SIRET. */
const HOLDER = '487946071';
/** Added as a holder by that modification: a sole proprietor here. */
const SOLE_PROPRIETOR = '812235133';
/** Buyer of 202207LOT03 (SIRET 21500222100012). */
const BUYER = '215002221';
/** A demo company with no contract. */
const NO_CONTRACT = '005420120';

describe(`GET /v1/entreprise/{siren}/marches-publics on the DECP demo (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  let key: string;
  const served: string[] = [];
  const get = async (siren: string) => {
    const res = await fetch(`${service.t.baseUrl}/v1/entreprise/${siren}/marches-publics`, {
      headers: { 'X-Api-Key': key },
    });
    const text = await res.text();
    served.push(text);
    return { res, text, body: JSON.parse(text) as Json };
  };

  before(async () => {
    service = await startPaidDemoService({ demo: ['fr.sirene', 'fr.decp'], freeCallsPerMonth: 0 });
    const { t } = service;
    await ingestSireneSample(
      { knex: t.db.knex, store: t.service.store },
      {
        version: new Date().toISOString().slice(0, 10),
        extraUnits: [unnamedUnit(HOLDER), unnamedUnit(SOLE_PROPRIETOR, '1000'), unnamedUnit(BUYER, '7210')],
      },
    );
    key = (await openAccount(t.service.store, { credits: 1_000_000 })).key;
    await t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
  });

  it('serves the contracts a company holds, amounts as published, with citation and provenance', async () => {
    const { res, body } = await get(HOLDER);
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-credits-charged')).to.equal('0.01');
    expect(Object.keys(body)[0]).to.equal('citation');
    expect(body.provenance.map((p: Json) => p.registre).sort()).to.deep.equal(['fr.decp', 'fr.sirene']);
    const decp = body.provenance.find((p: Json) => p.registre === 'fr.decp');
    expect(decp.empreinte_sha256).to.match(/^[0-9a-f]{64}$/);
    expect(body).to.deep.include({
      siren: HOLDER,
      nombre_marches_titulaire: 1,
      nombre_marches_acheteur: 0,
      montant_total_titulaire_centimes: 12_783_512,
      marches_titulaire_sans_montant: 0,
      tronque: false,
      // The demo's 2019 excerpt: contract 2018RTqUfbF-Gs00's one holder is named by an intra-EU VAT number.
      couverture: { marches_sans_titulaire_identifiable: 1 },
    });
    expect(body.marches).to.deep.equal([
      {
        id: '202401L04',
        role: 'titulaire',
        objet: 'Facades',
        nature: 'Marché',
        procedure: 'Procédure adaptée',
        code_cpv: '45214200-2',
        date_notification: '2024-02-08',
        date_publication: '2003-11-24',
        duree_mois: 17,
        montant_centimes: 12_783_512,
        montant_modifie_centimes: 12_455_746,
        date_derniere_modification: '2025-04-08',
        acheteur: { siret: '21030042200016', nom: null },
        nombre_titulaires: 3,
        cotitulaires: 2,
        lieu_execution: { code: '03120', type_code: 'Code postal', nom: null },
        source: null,
      },
    ]);
  });

  it('serves the contracts a public buyer awarded', async () => {
    const { res, body } = await get(BUYER);
    expect(res.status).to.equal(200);
    expect(body).to.deep.include({ nombre_marches_titulaire: 0, nombre_marches_acheteur: 1 });
    expect(body.montant_total_titulaire_centimes).to.equal(null);
    expect(body.marches[0]).to.deep.include({
      id: '202207LOT03',
      role: 'acheteur',
      montant_centimes: 4_499_625,
      montant_modifie_centimes: 4_959_925,
      cotitulaires: null,
      nombre_titulaires: 1,
    });
  });

  it('a company with no contract is 200 with zero counts and an empty list', async () => {
    const { res, body } = await get(NO_CONTRACT);
    expect(res.status).to.equal(200);
    expect(body).to.deep.include({
      nombre_marches_titulaire: 0,
      nombre_marches_acheteur: 0,
      montant_total_titulaire_centimes: null,
      tronque: false,
      marches: [],
    });
    expect(body.note).to.contain(' / ');
  });

  it('a malformed SIREN is 400 and never charged', async () => {
    const { res, body } = await get('123456789');
    expect(res.status).to.equal(400);
    expect(body).to.include({ error: 'parametre_invalide', champ: 'siren' });
    expect(res.headers.get('x-credits-charged')).to.equal('0');
  });

  it('the dossier serves the marches_publics block at the route’s price, as the route’s summary', async () => {
    const res = await fetch(`${service.t.baseUrl}/v1/entreprise/${HOLDER}/dossier?blocs=marches_publics`, {
      headers: { 'X-Api-Key': key },
    });
    const text = await res.text();
    served.push(text);
    const body = JSON.parse(text) as Json;
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-credits-charged')).to.equal('0.015');
    const route = (await get(HOLDER)).body;
    const {
      couverture: _c,
      citation: _ci,
      provenance: _p,
      source: _s,
      disclaimer: _d,
      data_freshness: _f,
      ...summary
    } = route;
    expect(body.blocs.marches_publics).to.deep.equal(summary);
    expect(body.provenance.map((p: Json) => p.registre).sort()).to.deep.equal(['fr.decp', 'fr.sirene']);
    const none = await fetch(
      `${service.t.baseUrl}/v1/entreprise/${NO_CONTRACT}/dossier?blocs=marches_publics`,
      {
        headers: { 'X-Api-Key': key },
      },
    );
    expect(none.headers.get('x-credits-charged')).to.equal('0.005');
    expect(((await none.json()) as Json).blocs_absents[0]).to.include({ raison: 'aucune_donnee' });
  });

  it('a sole proprietor is refused unnamed, and as a co-holder is only counted, never identified', async () => {
    const refused = await get(SOLE_PROPRIETOR);
    expect(refused.res.status).to.equal(400);
    expect(refused.body.error).to.equal('entreprise_individuelle_non_couverte');
    expect(refused.res.headers.get('x-credits-charged')).to.equal('0');
    // Every answer of this suite: neither the co-holders' identifiers nor a holder name field.
    for (const text of served) {
      expect(text).not.to.include('81223513300026');
      expect(text).not.to.include('98756638100011');
      expect(text).not.to.include('denominationSociale');
    }
  });
});
