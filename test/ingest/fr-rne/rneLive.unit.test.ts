import { expect } from 'chai';
import { FRENCH_LIVE_SOURCES } from '../../../app/readSide.ts';
import { startLiveReplay } from '../../../app/server/liveReplay.ts';
import { createRneLive, RNE_RECORDINGS } from '../../../ingest/fr-rne/frRneLive.ts';
import type { NewEvent } from '../../../ops/eventstore/port.ts';
import { FR_RNE_REGISTER } from '../../../schemas/events/frRneEvents.ts';
import { LiveUnavailableError } from '../../../schemas/live/liveUnavailable.ts';
import { recordedReplay } from '../../support/recordedLiveRegister.ts';
import { type ReplayAnswer, type ReplayServer, startReplayServer } from '../../support/replayServer.ts';
import { RECORDED_LOGIN_TOKEN, RNE_COMPANIES, recordedBody } from './rneRecordings.ts';

const CREDENTIALS = 'rne-user@example.org:pa:ss-word';
const TOKEN = RECORDED_LOGIN_TOKEN;

describe('RNE client: login, Bearer token kept, login again on 401 (unit)', () => {
  let rne: ReplayServer;
  let appended: NewEvent[];
  const fail = new Map<string, ReplayAnswer>();
  const store = {
    async append(_stream: string, events: NewEvent[]) {
      appended.push(...events);
      return { ok: true as const, nextExpectedVersion: 0n, lastPosition: 0n };
    },
  };
  const reader = () =>
    createRneLive({
      baseUrl: rne.url,
      credentials: CREDENTIALS,
      store,
      timeoutMs: 1500,
      breaker: { failures: 50, halfOpenAfterMs: 100 },
    });
  const logins = () => rne.requests.filter((r) => r.url === '/api/sso/login');
  const gets = () => rne.requests.filter((r) => r.url.startsWith('/api/companies/'));

  beforeEach(async () => {
    appended = [];
    fail.clear();
    rne = await startReplayServer(recordedReplay(RNE_RECORDINGS, fail));
  });
  afterEach(() => rne.close());

  it('logs in once with the configured user and password, then asks with the Bearer token', async () => {
    const r = reader();
    const { record } = await r.dirigeants(RNE_COMPANIES.danone.siren);
    expect(record.dirigeants).to.have.length(13);
    await r.dirigeants(RNE_COMPANIES.sci.siren);
    expect(logins()).to.have.length(1);
    expect(JSON.parse(logins()[0]!.body)).to.deep.equal({
      username: 'rne-user@example.org',
      password: 'pa:ss-word',
    });
    expect(gets().map((g) => g.headers.authorization)).to.deep.equal([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
  });

  it('records what was asked without credential nor token', async () => {
    await reader().dirigeants(RNE_COMPANIES.danone.siren);
    expect(appended).to.have.length(1);
    expect(appended[0]!.data).to.deep.include({ url: `${rne.url}/api/companies/552032534`, status: 200 });
    const text = JSON.stringify(appended);
    for (const secret of ['pa:ss-word', 'rne-user', TOKEN]) expect(text).to.not.contain(secret);
  });

  it('the company and its filings asked together: both observed in one append, then answered', async () => {
    const bulks: { streamId: string; events: NewEvent[] }[][] = [];
    const r = createRneLive({
      baseUrl: rne.url,
      credentials: CREDENTIALS,
      store: {
        ...store,
        async appendBulk(entries) {
          bulks.push([...(entries as Iterable<{ streamId: string; events: NewEvent[] }>)]);
          return { events: 2, lastPosition: 0n };
        },
      },
    });
    const { dirigeants, documents } = await r.dirigeantsEtDocuments('535113062');
    expect(bulks).to.have.length(1);
    const urls = bulks[0]!.map((e) => (e.events[0]!.data as { url: string }).url);
    expect(urls).to.deep.equal([
      `${rne.url}/api/companies/535113062`,
      `${rne.url}/api/companies/535113062/attachments`,
    ]);
    expect(dirigeants.observation.url).to.equal(urls[0]);
    expect(documents.status).to.equal('fulfilled');
    expect((documents as PromiseFulfilledResult<{ record: { actes: unknown[] } }>).value.record.actes).to.not
      .be.empty;
  });

  it('replays the INPI’s documented filings list with the documented login’s token', async () => {
    const { record } = await reader().documents('113277693');
    expect(record.actes.map((a) => a.id)).to.deep.equal([
      '6385db8b901325760b0c0d71',
      '6385db8b901325760b0c0d73',
    ]);
    expect(
      rne.requests.find((r) => r.url === '/api/companies/113277693/attachments')?.headers.authorization,
    ).to.equal(`Bearer ${TOKEN}`);
  });

  it('the company failing while its filings list answers: a failure, never an absence', async () => {
    const recorded = rne.answer;
    rne.answer = (req) =>
      req.url.pathname === '/api/companies/535113062' ? { status: 500, body: 'boom' } : recorded(req);
    const err = await reader()
      .dirigeantsEtDocuments('535113062')
      .catch((e: unknown) => e);
    expect(err).to.be.instanceOf(LiveUnavailableError).with.property('reason', 'injoignable');
  });

  it('the filings list failing while the company answers: the officers, and the list’s own failure', async () => {
    fail.set('/attachments', { status: 500, body: 'boom' });
    const { dirigeants, documents } = await reader().dirigeantsEtDocuments(RNE_COMPANIES.danone.siren);
    expect(dirigeants.record.dirigeants).to.have.length(13);
    expect(documents.status).to.equal('rejected');
    expect((documents as PromiseRejectedResult).reason).to.be.instanceOf(LiveUnavailableError);
  });

  it('logs in again when the RNE answers 401 (an expired token), and asks once more', async () => {
    const r = reader();
    await r.dirigeants(RNE_COMPANIES.danone.siren);
    let refused = 0;
    rne.answer = (req) => {
      if (req.url.pathname.startsWith('/api/companies/') && refused === 0) {
        refused++;
        return { status: 401, body: '{"message":"Expired JWT Token"}' };
      }
      return recordedReplay(RNE_RECORDINGS, fail)(req);
    };
    const { record } = await r.dirigeants(RNE_COMPANIES.sci.siren);
    expect(record.dirigeants).to.have.length(11);
    expect(logins()).to.have.length(2);
    expect(gets().filter((g) => g.url.endsWith(RNE_COMPANIES.sci.siren))).to.have.length(2);
  });

  it('a 401 after logging in again is a refusal, never an absence', async () => {
    fail.set('/api/companies/', { status: 401, body: '{}' });
    const err = await reader()
      .dirigeants(RNE_COMPANIES.sci.siren)
      .catch((e: unknown) => e);
    expect(err).to.be.instanceOf(LiveUnavailableError);
    expect(err).to.include({ reason: 'refus' });
    expect(logins()).to.have.length(2);
  });

  it('a refused login is a refusal, and nothing is recorded', async () => {
    // The INPI's recorded answer to wrong credentials (ingest/fr-rne/live/SOURCE.txt).
    fail.set('/api/sso/login', { status: 401, body: recordedBody('sso_login_401_invalid_credentials.json') });
    const err = await reader()
      .dirigeants(RNE_COMPANIES.sci.siren)
      .catch((e: unknown) => e);
    expect(err).to.include({ reason: 'refus' });
    expect(gets()).to.have.length(0);
    expect(appended).to.have.length(0);
  });

  it('a login answered 429 holds the RNE back for its Retry-After', async () => {
    fail.set('/api/sso/login', { status: 429, headers: { 'retry-after': '120' } });
    const r = reader();
    const err = await r.dirigeants(RNE_COMPANIES.sci.siren).catch((e: unknown) => e);
    expect(err).to.include({ reason: 'limite_amont', retryAfterSeconds: 120 });
    fail.clear();
    const again = await r.dirigeants(RNE_COMPANIES.sci.siren).catch((e: unknown) => e);
    expect(again, 'not asked again before its Retry-After').to.include({ reason: 'limite_amont' });
    expect(logins()).to.have.length(1);
  });

  it('the demo (LIVE_REPLAY=1) replays the recordings with its placeholder credentials', async () => {
    const replay = await startLiveReplay(FRENCH_LIVE_SOURCES);
    try {
      const live = createRneLive({
        baseUrl: replay.urls[FR_RNE_REGISTER]!,
        credentials: replay.credentials[FR_RNE_REGISTER]!,
        store,
      });
      expect((await live.dirigeants(RNE_COMPANIES.holding.siren)).record.dirigeants).to.have.length(8);
      expect((await live.dirigeants('317236248')).record).to.include({ connu: false });
    } finally {
      await replay.close();
    }
  });
});
