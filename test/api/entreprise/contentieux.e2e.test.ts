import { expect } from 'chai';
import { contentieuxRoute } from '../../../api/routes/contentieux.ts';
import { FRENCH_LIVE_SOURCES } from '../../../app/readSide.ts';
import { REGISTERS } from '../../../app/registers.ts';
import {
  JUDILIBRE_DEMO_COMPANY,
  JUDILIBRE_RECORDINGS,
} from '../../../ingest/fr-judilibre/frJudilibreLive.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { euLiveProjection } from '../../../projections/eu-live/euLiveProjection.ts';
import { unitesLegalesProjection } from '../../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import { FR_JUDILIBRE_REGISTER } from '../../../schemas/events/frJudilibreEvents.ts';
import { LIVE_RECORD_OBSERVED, type LiveRecordObservedData } from '../../../schemas/events/liveEvents.ts';
import { privateValuesOfSamples, RECORDED_PISTE_TOKEN } from '../../ingest/fr-judilibre/judilibreSamples.ts';
import { targetDescription } from '../../support/database.ts';
import { allEvents } from '../../support/eventLog.ts';
import { SOLE_TRADER } from '../../support/gazetteFixtures.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';
import { recordedReplay } from '../../support/recordedLiveRegister.ts';
import { type ReplayAnswer, type ReplayServer, startReplayServer } from '../../support/replayServer.ts';
import { type RunningService, startTestService } from '../../support/service.ts';
import { ingestSireneSample } from '../../support/sireneSample.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;

const CREDENTIALS = 'piste-client-id:piste-client-s3cret';
const SIREN = JUDILIBRE_DEMO_COMPANY.siren;
const JUDILIBRE = FRENCH_LIVE_SOURCES.filter((s) => s.info.register === FR_JUDILIBRE_REGISTER);

async function startService(upstream: ReplayServer, credentials: boolean): Promise<PaidDemoService> {
  return startPaidDemoService({
    demo: ['fr.sirene'],
    compose: {
      liveRegisters: [],
      frenchLiveSources: JUDILIBRE,
      liveUrls: { [FR_JUDILIBRE_REGISTER]: upstream.url },
      liveCredentials: credentials ? { [FR_JUDILIBRE_REGISTER]: CREDENTIALS } : {},
      livePolicy: { timeoutMs: 1500, breaker: { failures: 50, halfOpenAfterMs: 300 } },
    },
  });
}

describe(`Court decisions of a French company, read live from Judilibre (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  let upstream: ReplayServer;
  let key: string;
  const fail = new Map<string, ReplayAnswer>();

  before(async () => {
    upstream = await startReplayServer(recordedReplay(JUDILIBRE_RECORDINGS, fail));
    service = await startService(upstream, true);
    key = (await openAccount(service.t.service.store, { credits: 1_000_000 })).key;
    await service.t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
    await upstream?.close();
  });
  afterEach(() => fail.clear());

  const get = async (siren: string) => {
    const res = await fetch(`${service.t.baseUrl}/v1/entreprise/${siren}/contentieux`, {
      headers: { 'X-Api-Key': key },
    });
    const text = await res.text();
    return { res, text, body: JSON.parse(text) as Json };
  };
  const observed = async () =>
    (await allEvents(service.t.service.store))
      .filter((e) => e.type === LIVE_RECORD_OBSERVED)
      .map((e) => e.data as LiveRecordObservedData)
      .filter((d) => d.register === FR_JUDILIBRE_REGISTER);

  it('refuses an invalid SIREN (Luhn) with 400 before Judilibre is asked', async () => {
    const before = upstream.requests.length;
    const { res, body } = await get('005420121');
    expect(res.status).to.equal(400);
    expect(body.champ).to.equal('siren');
    expect(upstream.requests.length).to.equal(before);
  });

  it('refuses a SIREN Sirene does not hold, as every SIREN route does: 404, Judilibre not asked', async () => {
    const before = upstream.requests.length;
    const { res, body } = await get('552032534');
    expect(res.status).to.equal(404);
    expect(body.error).to.equal('entreprise_inconnue');
    expect(upstream.requests.length).to.equal(before);
  });

  // The failures first: a served answer is served again from the read table.
  it('Judilibre down: 503 amont_indisponible, never an empty list, not charged', async () => {
    fail.set('/search', { status: 502, body: '<html>Bad gateway</html>', contentType: 'text/html' });
    const { res, body } = await get(SIREN);
    expect(res.status).to.equal(503);
    expect(body).to.include({
      error: 'amont_indisponible',
      registre: FR_JUDILIBRE_REGISTER,
      raison: 'injoignable',
    });
    expect(body).to.not.have.property('decisions');
    expect(res.headers.get('x-credits-charged')).to.equal('0');
  });

  it('the search by name failing alone (the SIREN’s answered before it): 503 amont_indisponible, not charged', async () => {
    fail.set('query=SOCIETE', { status: 502, body: '<html>Bad gateway</html>', contentType: 'text/html' });
    const { res, body } = await get(SIREN);
    expect(res.status).to.equal(503);
    expect(body).to.include({ error: 'amont_indisponible', registre: FR_JUDILIBRE_REGISTER });
    expect(body).to.not.have.property('decisions');
    expect(res.headers.get('x-credits-charged')).to.equal('0');
    const asked = upstream.requests.filter((r) => r.url.startsWith('/search')).map((r) => r.url);
    expect(
      asked.some((u) => u.includes('query=005420120')),
      'the search by SIREN was asked',
    ).to.equal(true);
  });

  it('a decision Judilibre cannot give: 503 amont_indisponible, not a shorter list', async () => {
    fail.set('/decision', { status: 500, body: '{"errors":[]}' });
    const { res, body } = await get(SIREN);
    expect(res.status).to.equal(503);
    expect(body.error).to.equal('amont_indisponible');
    expect(res.headers.get('x-credits-charged')).to.equal('0');
  });

  it('serves the contract’s members: partial coverage, its warning, counts by nature, provenance per observation', async () => {
    const { res, body } = await get(SIREN);
    expect(res.status, JSON.stringify(body).slice(0, 300)).to.equal(200);
    expect(body.siren).to.equal(SIREN);
    expect(body.denomination).to.equal(JUDILIBRE_DEMO_COMPANY.denomination);
    expect(body.exhaustivite).to.equal('partielle');
    expect(body.avertissement).to.contain('62 %').and.contain('No result never means no litigation');
    // The Court's sample decisions replayed for this company name neither its SIREN nor its name: none tied.
    expect(body.decisions).to.deep.equal([]);
    expect(body.synthese).to.deep.equal({
      nombre_decisions: 0,
      par_nature: {
        procedure_collective: 0,
        condamnation_ou_injonction_a_payer: 0,
        refere: 0,
        expertise: 0,
        autre_litige: 0,
      },
    });
    // Judilibre announced 2804 matches and 10 were read a search: the list is bounded.
    expect(body.tronque).to.equal(true);
    expect(body.listes_bornees).to.deep.equal({
      decisions: { nombre_total: 0, tronque: true, total_borne_basse: true },
    });
    expect(body.consulte_le).to.match(/^\d{4}-\d{2}-\d{2}T/);
    const judilibre = body.provenance.filter((p: Json) => p.registre === FR_JUDILIBRE_REGISTER);
    expect(judilibre.map((p: Json) => new URL(p.url).pathname.split('/').at(-1))).to.deep.equal([
      'search',
      'search',
    ]);
    const log = await observed();
    for (const p of judilibre) expect(log.map((d) => d.bodySha256)).to.include(p.empreinte_sha256);
    expect(body.citation).to.contain('Judilibre');
  });

  it('reads every decision found with a PISTE Bearer token, credentials never in a URL, event or answer', async () => {
    const decisions = new Set(
      upstream.requests.filter((r) => r.url.startsWith('/decision')).map((r) => r.url),
    );
    expect(decisions.size, 'the 8 distinct decisions of the two pages').to.equal(8);
    const api = upstream.requests.filter((r) => !r.url.startsWith('/api/oauth/token'));
    expect(api.every((r) => r.headers.authorization === `Bearer ${RECORDED_PISTE_TOKEN}`)).to.equal(true);
    const token = upstream.requests.filter((r) => r.url.startsWith('/api/oauth/token'));
    expect(token.length).to.be.greaterThan(0);
    expect(token[0]!.body)
      .to.contain('grant_type=client_credentials')
      .and.contain('client_id=piste-client-id');
    expect(upstream.requests.every((r) => !r.url.includes('s3cret'))).to.equal(true);
    expect(JSON.stringify(await observed())).to.not.contain('s3cret');
  });

  it('privacy: no name nor sentence of the decisions read is in the log’s records nor in the answer', async () => {
    const { text } = await get(SIREN);
    const records = JSON.stringify((await observed()).map((d) => d.record));
    expect(records).to.contain('fr-judilibre-decision');
    for (const value of privateValuesOfSamples()) {
      expect(records, value).to.not.contain(value);
      expect(text, value).to.not.contain(value);
    }
  });

  it('has a free sample, answered from the recordings of its demo SIREN', async () => {
    const res = await fetch(`${service.t.baseUrl}/v1/echantillons/entreprise.contentieux`);
    const body = (await res.json()) as Json;
    expect(res.status).to.equal(200);
    expect(body.siren).to.equal(SIREN);
  });
});

describe(`Court decisions without PISTE credentials (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  let upstream: ReplayServer;
  let key: string;
  before(async () => {
    upstream = await startReplayServer(recordedReplay(JUDILIBRE_RECORDINGS, new Map()));
    service = await startService(upstream, false);
    key = (await openAccount(service.t.service.store, { credits: 1_000_000 })).key;
    await service.t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
    await upstream?.close();
  });

  it('503 registre_non_configure, not an outage, not charged; Judilibre is not asked', async () => {
    const res = await fetch(`${service.t.baseUrl}/v1/entreprise/${SIREN}/contentieux`, {
      headers: { 'X-Api-Key': key },
    });
    const body = (await res.json()) as Json;
    expect(res.status).to.equal(503);
    expect(body).to.include({ error: 'registre_non_configure', registre: FR_JUDILIBRE_REGISTER });
    expect(res.headers.get('x-credits-charged')).to.equal('0');
    expect(upstream.requests).to.have.length(0);
  });
});

describe(`Court decisions of a sole proprietor (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  let upstream: ReplayServer;
  before(async () => {
    upstream = await startReplayServer(recordedReplay(JUDILIBRE_RECORDINGS, new Map()));
    t = await startTestService({
      projections: [unitesLegalesProjection, euLiveProjection],
      routes: [contentieuxRoute],
      registers: REGISTERS,
      payment: false,
      frenchLiveSources: JUDILIBRE,
      liveUrls: { [FR_JUDILIBRE_REGISTER]: upstream.url },
      liveCredentials: { [FR_JUDILIBRE_REGISTER]: CREDENTIALS },
    });
    await ingestSireneSample({ knex: t.db.knex, store: t.service.store }, { version: '2026-11-01' });
    await t.service.runner.caughtUp();
  });
  after(async () => {
    await t?.stop();
    await upstream?.close();
  });

  it('is refused as on the profile, 400, not named, and Judilibre is not asked', async () => {
    const res = await fetch(`${t.baseUrl}/v1/entreprise/${SOLE_TRADER}/contentieux`);
    const text = await res.text();
    expect(res.status).to.equal(400);
    expect(JSON.parse(text)).to.include({ error: 'entreprise_individuelle_non_couverte', champ: 'siren' });
    expect(text).not.to.match(/WATTEBLED|GEORGES/i);
    expect(upstream.requests).to.have.length(0);
  });
});
