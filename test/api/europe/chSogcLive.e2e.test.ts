import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { EU_LIVE_REGISTERS } from '../../../app/readSide.ts';
import { SOGC_RECORDINGS } from '../../../ingest/ch-sogc/chSogcLive.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { EU_LIVE_OBSERVATIONS } from '../../../projections/eu-live/euLiveProjection.ts';
import { LIVE_RECORD_OBSERVED } from '../../../schemas/events/liveEvents.ts';
import { targetDescription } from '../../support/database.ts';
import { allEvents } from '../../support/eventLog.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';
import { recordedReplay } from '../../support/recordedLiveRegister.ts';
import { type ReplayAnswer, type ReplayServer, startReplayServer } from '../../support/replayServer.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;

const recorded = (file: string) => fs.readFileSync(path.join(SOGC_RECORDINGS.folder, file));
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** Only the Swiss live registers: no test may reach another country's real address. */
const SWISS = EU_LIVE_REGISTERS.filter((s) => s.info.pays === 'CH');

/** The contract's members of the Swiss register publications, in its order, then the bounded list. */
const CONTRACT_MEMBERS = [
  'pays',
  'id_national',
  'denomination',
  'nombre_publications',
  'nombre_listees',
  'troncature',
  'premiere_publication_le',
  'derniere_publication_le',
  'aucune_publication',
  'publications',
  'consulte_le',
];
const PUBLICATION_MEMBERS = [
  'date',
  'numero',
  'type',
  'sous_rubrique',
  'langue',
  'cantons',
  'office',
  'societe',
  'changements',
  'publication_precedente',
  'texte_retenu',
];
/**
 * Natural persons the real publications' free text (and one address's `c/o` line) name, and the fictitious
 * sole proprietor: none may appear in an answer or in the log.
 */
const PERSONS = ['Pogreban', 'Vadim', 'Grisca', 'Igor', 'Muster'];

describe(`Switzerland, the official gazette (SOGC) queried live, no Zefix credentials (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  let sogc: ReplayServer;
  let key: string;
  const fail = new Map<string, ReplayAnswer>();
  const bodies: string[] = [];

  before(async () => {
    sogc = await startReplayServer(recordedReplay(SOGC_RECORDINGS, fail));
    service = await startPaidDemoService({
      compose: {
        // No credentials for Zefix: the gazette's routes must not need them.
        liveUrls: { 'ch.sogc': sogc.url },
        liveRegisters: SWISS,
        livePolicy: { timeoutMs: 1000, breaker: { failures: 100, halfOpenAfterMs: 200 } },
      },
    });
    key = (await openAccount(service.t.service.store, { credits: 5_000_000 })).key;
    await service.t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
    await sogc?.close();
  });
  afterEach(() => fail.clear());

  const get = async (p: string) => {
    const res = await fetch(`${service.t.baseUrl}${p}`, { headers: { 'X-Api-Key': key } });
    const text = await res.text();
    bodies.push(text);
    return { res, body: JSON.parse(text) as Json };
  };

  it('lists a company’s register publications with every member of the contract, in its order', async () => {
    const { res, body } = await get('/v1/eu/entreprise/CH/CHE-307.336.313/evenements');
    expect(res.status).to.equal(200);
    const members = Object.keys(body).filter((k) => CONTRACT_MEMBERS.includes(k));
    expect(members).to.deep.equal(CONTRACT_MEMBERS);
    expect(body).to.include({
      pays: 'CH',
      id_national: 'CHE-307.336.313',
      denomination: 'Cristal swiss tour Sàrl',
      nombre_publications: 1,
      nombre_listees: 1,
      troncature: false,
      premiere_publication_le: '2026-08-26',
      derniere_publication_le: '2026-08-26',
      aucune_publication: false,
    });
    expect(Date.now() - Date.parse(body.consulte_le)).to.be.within(0, 60_000);
    const [publication] = body.publications;
    expect(Object.keys(publication)).to.deep.equal(PUBLICATION_MEMBERS);
    expect(publication).to.deep.equal({
      date: '2026-08-26',
      numero: 'HR02-1006740552',
      type: 'modification',
      sous_rubrique: 'HR02',
      langue: 'fr',
      cantons: ['VS'],
      office: 'Registre du commerce du Bas-Valais',
      societe: {
        nom: 'Cristal swiss tour Sàrl',
        uid: 'CHE-307.336.313',
        siege: 'Saint-Gingolph',
        forme: { code: '0107', libelle: 'Société à responsabilité limitée' },
        adresse: { rue: 'Ruelle du Prolet', numero: '1', npa: '1898', localite: 'St-Gingolph' },
        capital: { nominal: 20000, libere: 20000 },
        renonciation_revision: false,
      },
      changements: ['siege', 'adresse'],
      publication_precedente: { date: '2025-01-06', numero: '1006221191' },
      texte_retenu: true,
    });
    expect(body.listes_bornees).to.deep.equal({
      publications: { nombre_total: 1, tronque: false, total_borne_basse: false },
    });
    expect(body.couverture.depuis).to.equal('2018-07-01');
  });

  it('names the gazette’s answer in its provenance: the UID query, the body’s digest, the time', async () => {
    const { body } = await get('/v1/eu/entreprise/CH/CHE-307.336.313/evenements');
    expect(body.provenance).to.have.length(1);
    const [entry] = body.provenance;
    expect(entry.registre).to.equal('ch.sogc');
    const url = new URL(entry.url);
    expect(`${url.origin}`).to.equal(sogc.url);
    expect(url.pathname).to.equal('/publications');
    expect(Object.fromEntries(url.searchParams)).to.include({
      publicationStates: 'PUBLISHED',
      tenant: 'shab',
      rubrics: 'HR',
      uids: 'CHE-307.336.313',
      includeContent: 'true',
      'pageRequest.sortOrders': 'column:PUBLICATION_DATE|direction:DESC',
    });
    expect(entry.empreinte_sha256).to.equal(
      sha256(recorded('publications_CHE-307.336.313_HR_constructed.json')),
    );
    expect(body.citation).to.contain('FOSC');
  });

  it('a new entry and a deletion: their type, no change flags, the company as each one states it', async () => {
    const created = await get('/v1/eu/entreprise/CH/CHE159326663/evenements');
    expect(created.body.publications[0]).to.deep.include({
      type: 'inscription',
      sous_rubrique: 'HR01',
      changements: [],
      publication_precedente: null,
      texte_retenu: true,
    });
    expect(created.body.publications[0].societe).to.deep.include({
      nom: 'Volta GG Sàrl',
      capital: { nominal: 20000, libere: 20000 },
      renonciation_revision: true,
    });
    const deleted = await get('/v1/eu/entreprise/CH/CHE-102.925.180/evenements');
    expect(deleted.body.denomination).to.equal('JMA S.à r.l. en liquidation');
    expect(deleted.body.publications[0]).to.deep.include({
      type: 'radiation',
      numero: 'HR03-1006740429',
      office: 'Registre du commerce du Canton de Vaud',
      changements: [],
      publication_precedente: { date: '2026-07-23', numero: '1006714990' },
    });
    expect(deleted.body.publications[0].societe.capital).to.deep.equal({ nominal: 200000, libere: 200000 });
  });

  it('a company with no publication since the archive began: an empty list that says it goes no further back', async () => {
    const { res, body } = await get('/v1/eu/entreprise/CH/CHE-100.000.006/evenements');
    expect(res.status).to.equal(200);
    expect(body).to.include({
      denomination: null,
      nombre_publications: 0,
      nombre_listees: 0,
      troncature: false,
      premiere_publication_le: null,
      derniere_publication_le: null,
      aucune_publication: true,
    });
    expect(body.publications).to.deep.equal([]);
    expect(body.couverture.depuis).to.equal('2018-07-01');
    expect(body.couverture.note).to.contain('ne remonte pas plus loin');
  });

  it('insolvency: the bankruptcy rubric’s publications, references only, newest first', async () => {
    const { res, body } = await get('/v1/eu/entreprise/CH/CHE-102.925.180/insolvabilite');
    expect(res.status).to.equal(200);
    expect(Object.keys(body).filter((k) => CONTRACT_MEMBERS.includes(k))).to.deep.equal(CONTRACT_MEMBERS);
    expect(body).to.include({
      denomination: 'JMA S.à r.l. en liquidation',
      nombre_publications: 2,
      nombre_listees: 2,
      troncature: false,
      premiere_publication_le: '2026-06-12',
      derniere_publication_le: '2026-08-26',
      aucune_publication: false,
    });
    expect(body.publications).to.deep.equal([
      {
        date: '2026-08-26',
        numero: 'KK06-0000000002',
        rubrique: 'KK',
        sous_rubrique: 'KK06',
        famille: 'faillite',
        langue: 'fr',
        cantons: ['VD'],
        office: 'Office des faillites',
        changements: null,
        texte_retenu: true,
      },
      {
        date: '2026-06-12',
        numero: 'KK02-0000000001',
        rubrique: 'KK',
        sous_rubrique: 'KK02',
        famille: 'faillite',
        langue: 'fr',
        cantons: ['VD'],
        office: 'Office des faillites',
        changements: null,
        texte_retenu: true,
      },
    ]);
    // Both reads are named: the register list (which states the legal form) and the insolvency rubrics'.
    expect(body.provenance.map((p: Json) => new URL(p.url).searchParams.get('rubrics'))).to.deep.equal([
      'HR',
      'KK,NA,LS',
    ]);
    const insolvencyRead = sogc.requests.find((r) => r.url.includes('rubrics=KK%2CNA%2CLS'))!;
    expect(insolvencyRead.url).to.contain('includeContent=false');
  });

  it('insolvency of a company with none: measured, empty, within the archive', async () => {
    const { body } = await get('/v1/eu/entreprise/CH/CHE-307.336.313/insolvabilite');
    expect(body).to.include({ nombre_publications: 0, aucune_publication: true, troncature: false });
    expect(body.publications).to.deep.equal([]);
  });

  it('a sole proprietorship is 404 entreprise_individuelle_non_servie on both routes, never charged', async () => {
    for (const route of ['evenements', 'insolvabilite']) {
      const { res, body } = await get(`/v1/eu/entreprise/CH/CHE-100.000.012/${route}`);
      expect(res.status, route).to.equal(404);
      expect(body.error).to.equal('entreprise_individuelle_non_servie');
      expect(res.headers.get('x-credits-charged')).to.equal('0');
    }
    expect(sogc.requests.some((r) => r.url.includes('100.000.012') && r.url.includes('KK'))).to.equal(false);
  });

  it('no natural person named in the publications is served or kept in the log', async () => {
    for (const uid of ['CHE-307.336.313', 'CHE-159.326.663', 'CHE-102.925.180', 'CHE-100.000.012']) {
      await get(`/v1/eu/entreprise/CH/${uid}/evenements`);
      await get(`/v1/eu/entreprise/CH/${uid}/insolvabilite`);
    }
    // The recordings do name them: what is proven is that nothing of them gets through.
    const raw = SOGC_RECORDINGS.answers.map((a) => recorded(a.file!).toString('utf8')).join();
    for (const person of PERSONS) expect(raw, person).to.contain(person);
    const served = bodies.join();
    for (const person of PERSONS) expect(served, person).not.to.contain(person);
    expect(served).not.to.contain('c/o');
    expect(served).not.to.contain('publicationText');
    const events = await allEvents(service.t.service.store);
    const observed = events.filter(
      (e) => e.type === LIVE_RECORD_OBSERVED && (e.data as Json).register === 'ch.sogc',
    );
    expect(observed.length).to.be.greaterThan(4);
    // As a word: the log also holds signatures and digests in base64, where four letters can meet by chance.
    for (const e of events) {
      const data = JSON.stringify(e.data);
      for (const person of PERSONS) {
        const at = data.search(new RegExp(`\\b${person}\\b`));
        expect(at, `${person} in ${e.type} #${e.position}: …${data.slice(at - 80, at + 80)}…`).to.equal(-1);
      }
    }
    // (The demo data of other registers holds `c/o` addresses: the gazette's observations must not.)
    expect(JSON.stringify(observed.map((e) => e.data))).not.to.contain('c/o');
    await service.t.service.runner.catchUp();
    const { rows } = await service.t.db.knex.raw(`select record::text as r from ${EU_LIVE_OBSERVATIONS}`);
    const kept = rows.map((r: Json) => r.r).join();
    expect(kept).to.contain('Cristal swiss tour');
    for (const person of PERSONS) expect(kept, person).not.to.contain(person);
  });

  it('reads a list once: asked again, or by the other route, it is served again without asking the gazette', async () => {
    await get('/v1/eu/entreprise/CH/CHE-100.000.006/evenements');
    await service.t.service.runner.catchUp();
    const before = sogc.requests.length;
    const again = await get('/v1/eu/entreprise/CH/CHE-100.000.006/evenements');
    expect(again.res.status).to.equal(200);
    expect(again.body.data_freshness).to.contain('lu en direct');
    expect(sogc.requests.length).to.equal(before);
    // The insolvency route reads the same register list (to know the legal form): only its rubrics are asked.
    await get('/v1/eu/entreprise/CH/CHE-100.000.006/insolvabilite');
    expect(
      sogc.requests.slice(before).map((r) => new URL(r.url, sogc.url).searchParams.get('rubrics')),
    ).to.deep.equal(['KK,NA,LS']);
  });

  it('a UID asked without dots or hyphens answers the published spelling, from the same observation', async () => {
    await get('/v1/eu/entreprise/CH/CHE-100.000.006/evenements');
    const before = sogc.requests.length;
    const compact = await get('/v1/eu/entreprise/CH/che100000006/evenements');
    expect(compact.res.status).to.equal(200);
    expect(compact.body.id_national).to.equal('CHE-100.000.006');
    expect(sogc.requests.length).to.equal(before);
  });

  it('refuses a malformed UID or a wrong check digit before asking the gazette', async () => {
    const before = sogc.requests.length;
    for (const bad of ['CHE-102.925.181', 'CHE-1029', 'CHE-000.000.031']) {
      const { res, body } = await get(`/v1/eu/entreprise/CH/${bad}/evenements`);
      expect(res.status, bad).to.equal(400);
      expect(body).to.include({ error: 'parametre_invalide', champ: 'id' });
    }
    expect(sogc.requests.length).to.equal(before);
  });

  it('the profile needs Zefix: without its credentials 503 registre_non_configure, while the gazette answers', async () => {
    const { res, body } = await get('/v1/eu/entreprise/CH/CHE-307.336.313');
    expect(res.status).to.equal(503);
    expect(body).to.include({ error: 'registre_non_configure', registre: 'ch.zefix' });
  });

  for (const [what, failure, raison] of [
    ['a 500', { status: 500, body: '{}' }, 'injoignable'],
    [
      'an HTML error page',
      { status: 200, body: '<html>Wartung</html>', contentType: 'text/html' },
      'illisible',
    ],
    ['truncated JSON', { status: 200, body: '{"content":[{"meta":{"id":"f96f' }, 'illisible'],
    ['a list without count', { status: 200, body: '{"total":1}' }, 'illisible'],
    ['no answer in time', { status: 200, body: '{"content":[],"total":0}', delayMs: 3000 }, 'delai_depasse'],
  ] as const) {
    it(`the gazette answering ${what}: 503 amont_indisponible (${raison}), never charged`, async () => {
      // A UID no earlier test read, so nothing is served from the read table or the client's cache.
      fail.set('105.841.533', failure);
      for (const route of ['evenements', 'insolvabilite']) {
        const res = await fetch(`${service.t.baseUrl}/v1/eu/entreprise/CH/CHE-105.841.533/${route}`, {
          headers: { 'X-Api-Key': key },
        });
        const body = (await res.json()) as Json;
        expect(res.status, route).to.equal(503);
        expect(body).to.include({ error: 'amont_indisponible', raison });
        expect(res.headers.get('x-credits-charged')).to.equal('0');
        expect(res.headers.get('signature')).to.equal(null);
      }
    });
  }
});
