import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { EU_LIVE_REGISTERS } from '../../../app/readSide.ts';
import { CVR_RECORDINGS } from '../../../ingest/dk-cvr/dkCvrLive.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { EU_LIVE_PROFILES } from '../../../projections/eu-live/euLiveProjection.ts';
import { DK_CVR_REGISTER } from '../../../schemas/events/dkCvrEvents.ts';
import { LIVE_RECORD_OBSERVED } from '../../../schemas/events/liveEvents.ts';
import { targetDescription } from '../../support/database.ts';
import { allEvents } from '../../support/eventLog.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';
import { recordedReplay } from '../../support/recordedLiveRegister.ts';
import { type ReplayAnswer, type ReplayServer, startReplayServer } from '../../support/replayServer.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;

const REAL = 'cvr_permanent_virksomhed_search_11617034.json';
const recorded = (file: string) => fs.readFileSync(path.join(CVR_RECORDINGS.folder, file));
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const CREDENTIALS = 'cvr-user:s3cret-pw';
/** Only CVR is queried live here: no other register's real address is ever asked. */
const ONLY_CVR = EU_LIVE_REGISTERS.filter((l) => l.info.register === DK_CVR_REGISTER);

/**
 * Natural persons' names the recordings hold: the five participants of the real record (deltagerRelation),
 * and the stand-in owner of the constructed sole proprietorship. None may be served, logged or kept.
 */
const PERSONS = [
  'Bente Engholm Madsen',
  'Martin Etchells Vigild',
  'Lars Dyreborg Christoffersen',
  'Jørgen Jensen',
  'Jesper Harris Johansen',
  'Testesen',
];

describe(`Denmark, CVR queried live (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  let cvr: ReplayServer;
  let key: string;
  const fail = new Map<string, ReplayAnswer>();
  /** Every answer body served in this suite, for the privacy check at the end. */
  const served: string[] = [];

  before(async () => {
    cvr = await startReplayServer(recordedReplay(CVR_RECORDINGS, fail));
    service = await startPaidDemoService({
      compose: {
        liveRegisters: ONLY_CVR,
        liveUrls: { [DK_CVR_REGISTER]: cvr.url },
        liveCredentials: { [DK_CVR_REGISTER]: CREDENTIALS },
        livePolicy: { timeoutMs: 1000, breaker: { failures: 10, halfOpenAfterMs: 200 } },
      },
    });
    key = (await openAccount(service.t.service.store, { credits: 5_000_000 })).key;
    await service.t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
    await cvr?.close();
  });
  afterEach(() => fail.clear());

  const get = async (p: string) => {
    const res = await fetch(`${service.t.baseUrl}${p}`, { headers: { 'X-Api-Key': key } });
    const text = await res.text();
    served.push(text);
    return { res, body: JSON.parse(text) as Json };
  };
  /** The requests CVR received asking for this number. */
  const askedFor = (number: string) =>
    cvr.requests.filter((r) => r.body.includes(`"Vrvirksomhed.cvrNummer":${Number(number)}`));

  it('serves the foundation’s unified profile read live, every member from the CVR record', async () => {
    const { res, body } = await get('/v1/eu/entreprise/DK/11617034');
    expect(res.status).to.equal(200);
    expect(body).to.include({
      pays: 'DK',
      registre: 'CVR',
      id_national: '11617034',
      denomination: 'F.L.Smidth fonden for diplomingeniørstuderende ved DTU',
      statut: 'actif',
      statut_detail: 'sammensatStatus: Aktiv',
      date_creation: '1901-01-01',
      lien_registre: 'https://datacvr.virk.dk/enhed/virksomhed/11617034',
    });
    expect(body.forme_juridique).to.deep.equal({
      code: '90',
      libelle: 'Fonde og andre selvejende institutioner',
    });
    expect(body.adresse_siege).to.deep.equal({
      adresse: 'Anker Engelunds Vej 101A',
      code_postal: '2800',
      ville: 'Kgs. Lyngby',
      pays: 'DK',
    });
    expect(body.identifiants).to.deep.equal({ tva: null, lei: null });
  });

  it('names the observation in its provenance: the address asked (no credentials), time, body digest', async () => {
    const { body } = await get('/v1/eu/entreprise/DK/11617034');
    const [entry] = body.provenance;
    expect(entry).to.include({
      registre: 'dk.cvr',
      url: `${cvr.url}/cvr-permanent/virksomhed/_search`,
      empreinte_sha256: sha256(recorded(REAL)),
    });
    expect(entry.url).to.not.contain('s3cret').and.not.contain('cvr-user');
    expect(entry.consulte_le).to.equal(entry.version);
    expect(Date.now() - Date.parse(entry.consulte_le)).to.be.within(0, 60_000);
    expect(body.citation).to.contain('CVR');
  });

  it('asks CVR with HTTP Basic and an Elasticsearch term query that leaves the participants out', async () => {
    const [request] = askedFor('11617034');
    expect(request, 'CVR was asked for 11617034').to.not.equal(undefined);
    expect(request!.method).to.equal('POST');
    expect(request!.url).to.equal('/cvr-permanent/virksomhed/_search');
    expect(request!.headers.authorization).to.equal(`Basic ${Buffer.from(CREDENTIALS).toString('base64')}`);
    const query = JSON.parse(request!.body);
    expect(query.query).to.deep.equal({ term: { 'Vrvirksomhed.cvrNummer': 11617034 } });
    expect(query._source).to.not.include('Vrvirksomhed.deltagerRelation');
    expect(query._source).to.not.include('Vrvirksomhed');
  });

  it('appends the answer to the log as LiveRecordObserved before serving it, credentials never in it', async () => {
    const events = await allEvents(service.t.service.store);
    const observed = events.filter(
      (e) => e.type === LIVE_RECORD_OBSERVED && (e.data as Json).register === DK_CVR_REGISTER,
    );
    const profile = observed.find((e) => (e.data as Json).record?.id_national === '11617034');
    expect(profile, 'the observation of 11617034').to.not.equal(undefined);
    const data = profile!.data as Json;
    expect(data).to.include({ register: 'dk.cvr', method: 'POST', status: 200 });
    expect(data.requestBody.query.term).to.deep.equal({ 'Vrvirksomhed.cvrNummer': 11617034 });
    expect(data.bodySha256).to.equal(sha256(recorded(REAL)));
    expect(data.record.profil.denomination).to.equal(
      'F.L.Smidth fonden for diplomingeniørstuderende ved DTU',
    );
    const logged = JSON.stringify(observed.map((e) => e.data));
    expect(logged).to.not.contain('s3cret').and.not.contain(Buffer.from(CREDENTIALS).toString('base64'));
  });

  it('a CVR number the register does not know is 404 entreprise_inconnue', async () => {
    const { res, body } = await get('/v1/eu/entreprise/DK/12345674');
    expect(res.status).to.equal(404);
    expect(body).to.include({ error: 'entreprise_inconnue', id_national: '12345674' });
  });

  it('a sole proprietorship (Enkeltmandsvirksomhed) is 404 entreprise_individuelle_non_servie', async () => {
    const { res, body } = await get('/v1/eu/entreprise/DK/20000007');
    expect(res.status).to.equal(404);
    expect(body.error).to.equal('entreprise_individuelle_non_servie');
    const logged = (await allEvents(service.t.service.store))
      .filter((e) => e.type === LIVE_RECORD_OBSERVED)
      .map((e) => e.data as Json);
    const record = logged.find((d) => d.record?.id_national === '20000007')!.record;
    expect(record.profil).to.include({ personne_physique: true, denomination: null, adresse: null });
  });

  it('a form that does not decide (210, other foreign enterprise) is 404 forme_juridique_non_servie', async () => {
    const { res, body } = await get('/v1/eu/entreprise/DK/30000005');
    expect(res.status).to.equal(404);
    expect(body).to.include({ error: 'forme_juridique_non_servie', forme_code: '210' });
  });

  for (const malformed of ['1161703', '116170345', '1161703A']) {
    it(`refuses ${malformed}, not 8 digits, before asking CVR`, async () => {
      const before = cvr.requests.length;
      const { res, body } = await get(`/v1/eu/entreprise/DK/${malformed}`);
      expect(res.status).to.equal(400);
      expect(body).to.include({ error: 'parametre_invalide', champ: 'id' });
      expect(cvr.requests.length).to.equal(before);
    });
  }

  it('the European search asks CVR by name (a match query) and lists the foundation', async () => {
    const { res, body } = await get('/v1/eu/recherche?q=smidth&pays=DK');
    expect(res.status).to.equal(200);
    expect(
      body.resultats.map((r: Json) => [r.pays, r.id_national, r.denomination, r.registre]),
    ).to.deep.equal([['DK', '11617034', 'F.L.Smidth fonden for diplomingeniørstuderende ved DTU', 'dk.cvr']]);
    expect(body.pays_couverts).to.deep.equal([{ pays: 'DK', registre: 'dk.cvr', mode: 'direct' }]);
    expect(body.provenance.some((p: Json) => p.registre === 'dk.cvr' && p.consulte_le)).to.equal(true);
    const asked = JSON.parse(cvr.requests.at(-1)!.body);
    expect(asked.query).to.deep.equal({
      match: { 'Vrvirksomhed.virksomhedMetadata.nyesteNavn.navn': { query: 'smidth', operator: 'and' } },
    });
  });

  it('a search by CVR number finds the company by its identifier', async () => {
    const { res, body } = await get('/v1/eu/recherche?q=11617034&pays=DK');
    expect(res.status).to.equal(200);
    expect(body.resultats.map((r: Json) => [r.id_national, r.correspondance])).to.deep.equal([
      ['11617034', 'identifiant_national'],
    ]);
  });

  for (const [what, failure, raison] of [
    ['a 500', { status: 500, body: '{"error":"boom"}' }, 'injoignable'],
    ['a 503 HTML page', { status: 503, body: '<html>down</html>', contentType: 'text/html' }, 'injoignable'],
    ['truncated JSON', { status: 200, body: '{"took":1,"hits":{"hits":[{"_sour' }, 'illisible'],
    ['no answer in time', { status: 200, body: '{}', delayMs: 3000 }, 'delai_depasse'],
  ] as const) {
    it(`CVR answering ${what}: 503 amont_indisponible (${raison}), never charged`, async () => {
      // A number seen by no earlier test, so nothing is served from the read table.
      fail.set('*', failure);
      const { res, body } = await get('/v1/eu/entreprise/DK/40000003');
      expect(res.status).to.equal(503);
      expect(body).to.include({ error: 'amont_indisponible', motif_panne: 'amont_indisponible', raison });
      expect(res.headers.get('x-credits-charged')).to.equal('0');
      expect(res.headers.get('signature')).to.equal(null);
    });
  }

  it('no natural person’s name from the recordings is in any answer, the log or the read table', async () => {
    await service.t.service.runner.catchUp();
    const logged = JSON.stringify((await allEvents(service.t.service.store)).map((e) => e.data));
    const { rows } = await service.t.db.knex.raw(`select record::text as r from ${EU_LIVE_PROFILES}`);
    const kept = rows.map((r: Json) => r.r).join();
    expect(served.length).to.be.greaterThan(10);
    for (const name of PERSONS) {
      expect(served.join('\n'), `${name} served`).to.not.contain(name);
      expect(logged, `${name} logged`).to.not.contain(name);
      expect(kept, `${name} kept`).to.not.contain(name);
    }
    // The recording does hold them: the check above is not vacuous.
    const raw = recorded(REAL).toString('utf8');
    for (const name of PERSONS.slice(0, 5)) expect(raw).to.contain(name);
  });
});
