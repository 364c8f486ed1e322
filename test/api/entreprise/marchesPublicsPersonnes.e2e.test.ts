import fs from 'node:fs/promises';
import { expect } from 'chai';
import { ingestFrDecp } from '../../../ingest/fr-decp/ingestFrDecp.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { DECP_PERSONNES } from '../../ingest/fr-decp/decpFixtures.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';
import { ingestSireneSample, unnamedUnit } from '../../support/sireneSample.ts';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked member by member
type Json = any;

/**
 * The natural persons the fixture's real contracts name as holders (test/fixtures/fr-decp/SOURCE.txt): two
 * "MONSIEUR …" co-holders of 2018-nAAdCggSi00, the one holder of 2018uxmH6sHhIC00 (an architect under his own
 * name), the one holder of 20182vX4dcq0Q_00 (a Dutch VAT number, no SIRET). Their surnames alone are checked.
 */
const NAMES = ['THIERRY ROSSEL', 'JOEL TANGUY', 'Patrick MONTILLON', 'FRITS MEHRTENS'];
const SURNAMES = ['ROSSEL', 'TANGUY', 'MONTILLON', 'MEHRTENS'];
/** Their identifiers as published: never served (a co-holder is counted, never identified). */
const PERSON_IDS = ['34405177600039', '42364383200029', '33895282300023', 'NL824011600B01'];

/** Buyer of 2018-nAAdCggSi00 (SIRET 68020012800071, Territoire30). */
const TERRITOIRE30 = '680200128';
/** A co-holder of 2018-nAAdCggSi00 named as a company (SIRET 32329755600033). */
const COMPANY_COHOLDER = '323297556';
/** The SIRENs of the holders named as persons: sole proprietors here (Sirene category 1000). */
const ROSSEL = '344051776';
const TANGUY = '423643832';
const MONTILLON = '338952823';
/** Buyer of 2018uxmH6sHhIC00 (SIRET 24600058200014, Communauté de Communes des Sablons). */
const SABLONS = '246000582';
/** Buyer of 20182vX4dcq0Q_00 (SIRET 20000609600024, Ports de Normandie). */
const PORTS_NORMANDIE = '200006096';

/**
 * The DECP route and log over real contracts whose holders are natural persons. The Sirene units of the SIRENs
 * the fixture names are the sample's first unit with their identity cells set and no name (unnamedUnit): the
 * holders named as persons with a sole proprietor's category, as Sirene says of a natural person; the others a
 * legal person's.
 */
describe(`DECP contracts held by natural persons: never named (e2e, ${targetDescription})`, () => {
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
    service = await startPaidDemoService({ demo: ['fr.sirene'], freeCallsPerMonth: 0 });
    const { t } = service;
    const today = new Date().toISOString().slice(0, 10);
    await ingestSireneSample(
      { knex: t.db.knex, store: t.service.store },
      {
        version: today,
        extraUnits: [
          unnamedUnit(TERRITOIRE30),
          unnamedUnit(COMPANY_COHOLDER),
          unnamedUnit(SABLONS),
          unnamedUnit(PORTS_NORMANDIE),
          ...[ROSSEL, TANGUY, MONTILLON].map((siren) => unnamedUnit(siren, '1000')),
        ],
      },
    );
    await ingestFrDecp({
      knex: t.db.knex,
      store: t.service.store,
      logger: testLogger,
      file: DECP_PERSONNES,
      snapshotDate: today,
    });
    key = (await openAccount(t.service.store, { credits: 1_000_000 })).key;
    await t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
  });

  it('the fixture names the persons (the checks below cannot pass for want of a name)', async () => {
    const text = await fs.readFile(DECP_PERSONNES, 'utf8');
    for (const name of NAMES) expect(text).to.include(name);
    for (const id of PERSON_IDS) expect(text).to.include(id);
  });

  it('the buyer is served the contract, its five holders counted and none named', async () => {
    const { res, body } = await get(TERRITOIRE30);
    expect(res.status).to.equal(200);
    expect(body).to.deep.include({ nombre_marches_titulaire: 0, nombre_marches_acheteur: 1 });
    expect(body.marches[0]).to.deep.include({
      id: '2018-nAAdCggSi00',
      role: 'acheteur',
      montant_centimes: 5_181_200,
      nombre_titulaires: 5,
      cotitulaires: null,
      acheteur: { siret: '68020012800071', nom: 'Territoire30' },
    });
  });

  it('a company holding it with two persons is served it, its four co-holders counted, none identified', async () => {
    const { res, body } = await get(COMPANY_COHOLDER);
    expect(res.status).to.equal(200);
    expect(body).to.deep.include({
      nombre_marches_titulaire: 1,
      montant_total_titulaire_centimes: 5_181_200,
    });
    expect(body.marches[0]).to.deep.include({
      id: '2018-nAAdCggSi00',
      role: 'titulaire',
      nombre_titulaires: 5,
      cotitulaires: 4,
    });
  });

  it('a holder named as a person, a sole proprietor, is refused unnamed and not charged', async () => {
    for (const siren of [ROSSEL, TANGUY, MONTILLON]) {
      const { res, body } = await get(siren);
      expect(res.status, siren).to.equal(400);
      expect(body.error).to.equal('entreprise_individuelle_non_couverte');
      expect(res.headers.get('x-credits-charged')).to.equal('0');
    }
  });

  it('the buyer of a person’s sole contract is served it with one holder, unnamed', async () => {
    const { res, body } = await get(SABLONS);
    expect(res.status).to.equal(200);
    expect(body.marches).to.have.length(1);
    expect(body.marches[0]).to.deep.include({
      id: '2018uxmH6sHhIC00',
      role: 'acheteur',
      montant_centimes: 1_880_000,
      nombre_titulaires: 1,
    });
  });

  it('a person named by a foreign VAT number: the contract counted as without identifiable holder', async () => {
    const { res, body } = await get(PORTS_NORMANDIE);
    expect(res.status).to.equal(200);
    expect(body.marches[0]).to.deep.include({
      id: '20182vX4dcq0Q_00',
      role: 'acheteur',
      nombre_titulaires: 1,
    });
    expect(body.couverture).to.deep.equal({ marches_sans_titulaire_identifiable: 1 });
  });

  it('no answer of this suite names a person or gives their identifiers', () => {
    expect(served).to.have.length.of.at.least(7);
    for (const text of served) {
      for (const surname of SURNAMES) expect(text.toUpperCase()).not.to.include(surname);
      for (const id of PERSON_IDS) expect(text).not.to.include(id);
      expect(text).not.to.include('denominationSociale');
    }
  });

  it('no event of the log names a person, though the log holds their contracts', async () => {
    let log = '';
    for (let from = 0n; ; ) {
      const events = await service.t.service.store.readAll(from, { limit: 5_000 });
      if (events.length === 0) break;
      log += JSON.stringify(events, (_k, v) => (typeof v === 'bigint' ? String(v) : v)).toUpperCase();
      from = events.at(-1)!.position;
    }
    // The contracts and the persons' SIRETs are in the log: what is scanned is what the ingester wrote.
    for (const id of ['2018-NAADCGGSI00', '2018UXMH6SHHIC00', '20182VX4DCQ0Q_00', '34405177600039']) {
      expect(log).to.include(id);
    }
    for (const surname of SURNAMES) expect(log).not.to.include(surname);
    expect(log).not.to.include('DENOMINATIONSOCIALE');
  });
});
