import { expect } from 'chai';
import { createLiveQueryClient } from '../../../ingest/core/liveQuery.ts';
import type { NewEvent } from '../../../ops/eventstore/port.ts';
import { LiveUnavailableError } from '../../../schemas/live/liveUnavailable.ts';
import { type ReplayServer, startReplayServer } from '../../support/replayServer.ts';

describe('Live register client (cockatiel policies, observations appended first)', () => {
  let upstream: ReplayServer;
  let appended: { stream: string; events: NewEvent[] }[];
  const store = {
    async append(stream: string, events: NewEvent[]) {
      appended.push({ stream, events });
      return { ok: true as const, nextExpectedVersion: 0n, lastPosition: 0n };
    },
  };
  const client = (extra: Partial<Parameters<typeof createLiveQueryClient>[0]> = {}) =>
    createLiveQueryClient({
      register: 'test.live',
      baseUrl: upstream.url,
      headers: { 'X-Key': 'secret-key' },
      timeoutMs: 1000,
      retries: 1,
      store,
      now: () => new Date('2026-11-25T10:00:00Z'),
      ...extra,
    });

  beforeEach(async () => {
    appended = [];
    upstream = await startReplayServer(() => ({ status: 200, body: '{"header":{"statut":200},"x":1}' }));
  });
  afterEach(() => upstream.close());

  it('sends the credential header, and records the answer without it before returning', async () => {
    const answer = await client().get('/siret', { q: 'siren:005420120' });
    expect(upstream.requests[0]!.headers['x-key']).to.equal('secret-key');
    expect(answer).to.include({ status: 200, observedAt: '2026-11-25T10:00:00.000Z', cached: false });
    expect(answer.record).to.deep.equal({ header: { statut: 200 }, x: 1 });
    expect(appended).to.have.length(1);
    const event = appended[0]!.events[0]!;
    expect(event.type).to.equal('LiveRecordObserved');
    expect(event.data).to.deep.include({
      register: 'test.live',
      status: 200,
      url: `${upstream.url}/siret?q=siren%3A005420120`,
    });
    expect((event.data as { bodySha256: string }).bodySha256).to.match(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(appended)).not.to.contain('secret-key');
  });

  it('sends a search as a JSON body, records what the register’s parser keeps, and keys the cache on the body', async () => {
    const c = client({
      cacheMs: 60_000,
      extract: (status, json, url) => ({
        kept: (json as { x: number }).x,
        status,
        asked: new URL(url).pathname,
      }),
    });
    const answer = await c.post('/vyhledat', { obchodniJmeno: 'cinestar' });
    expect(upstream.requests[0]).to.include({ method: 'POST', body: '{"obchodniJmeno":"cinestar"}' });
    expect(upstream.requests[0]!.headers['content-type']).to.equal('application/json');
    expect(answer.record).to.deep.equal({ kept: 1, status: 200, asked: '/vyhledat' });
    const data = appended[0]!.events[0]!.data as Record<string, unknown>;
    expect(data).to.deep.include({ method: 'POST', requestBody: { obchodniJmeno: 'cinestar' } });
    expect(data.record).to.deep.equal({ kept: 1, status: 200, asked: '/vyhledat' });
    expect(JSON.stringify(data)).to.not.contain('header');
    await c.post('/vyhledat', { obchodniJmeno: 'seznam' });
    expect(upstream.requests, 'another body is another question').to.have.length(2);
    expect((await c.post('/vyhledat', { obchodniJmeno: 'cinestar' })).cached).to.equal(true);
  });

  it('says its circuit is open after repeated failures, and refuses without asking', async () => {
    upstream.answer = () => ({ status: 500, body: '{}' });
    const c = client({ retries: 0, breaker: { failures: 2, halfOpenAfterMs: 60_000 } });
    expect(c.circuit()).to.equal('closed');
    for (let i = 0; i < 2; i++) await c.get('/x').catch(() => {});
    expect(c.circuit()).to.equal('open');
    const asked = upstream.requests.length;
    const refused = await c.get('/x').catch((err: unknown) => err);
    expect(refused).to.be.instanceOf(LiveUnavailableError);
    expect((refused as LiveUnavailableError).reason).to.equal('circuit_ouvert');
    expect(upstream.requests).to.have.length(asked);
  });

  it('serves a fresh observation again from the cache, without asking upstream', async () => {
    const c = client({ cacheMs: 60_000 });
    await c.get('/siret', { q: 'a' });
    const again = await c.get('/siret', { q: 'a' });
    expect(again.cached).to.equal(true);
    expect(upstream.requests).to.have.length(1);
  });

  it('retries a transient 503 once, then gives the answer', async () => {
    let calls = 0;
    upstream.answer = () => (++calls === 1 ? { status: 503 } : { status: 200, body: '{}' });
    expect((await client().get('/x')).status).to.equal(200);
    expect(calls).to.equal(2);
  });

  it('an upstream still failing after its retry is unavailable (injoignable), and nothing is recorded', async () => {
    upstream.answer = () => ({ status: 503 });
    const err = await client()
      .get('/x')
      .catch((e: unknown) => e);
    expect(err).to.be.instanceOf(LiveUnavailableError).with.property('reason', 'injoignable');
    expect(appended).to.have.length(0);
  });

  it('an answer slower than the timeout is unavailable (delai_depasse)', async () => {
    upstream.answer = () => ({ status: 200, body: '{}', delayMs: 3000 });
    const err = await client()
      .get('/x')
      .catch((e: unknown) => e);
    expect(err).to.be.instanceOf(LiveUnavailableError).with.property('reason', 'delai_depasse');
  });

  it('a refused key (401) is unavailable (refus), not retried', async () => {
    upstream.answer = () => ({ status: 401, body: '{}' });
    const err = await client()
      .get('/x')
      .catch((e: unknown) => e);
    expect(err).to.be.instanceOf(LiveUnavailableError).with.property('reason', 'refus');
    expect(upstream.requests).to.have.length(1);
  });

  it('a declared answer status (404: no match) is an answer, recorded like any other', async () => {
    upstream.answer = () => ({
      status: 404,
      body: '{"header":{"statut":404,"message":"Aucun élément trouvé"}}',
    });
    const answer = await client({ answerStatuses: [404] }).get('/x');
    expect(answer.status).to.equal(404);
    expect(appended).to.have.length(1);
  });

  it('after repeated failures the circuit opens: the next call fails at once, upstream untouched', async () => {
    upstream.answer = () => ({ status: 503 });
    const c = client({ retries: 0, breaker: { failures: 2, halfOpenAfterMs: 60_000 } });
    for (let i = 0; i < 2; i++) await c.get('/x').catch(() => undefined);
    const before = upstream.requests.length;
    const err = await c.get('/x').catch((e: unknown) => e);
    expect(err).to.be.instanceOf(LiveUnavailableError).with.property('reason', 'circuit_ouvert');
    expect(upstream.requests.length).to.equal(before);
  });

  describe('questions asked together (getAll)', () => {
    const bulkStore = (onBulk: (entries: { streamId: string; events: NewEvent[] }[]) => Promise<void>) => ({
      ...store,
      async appendBulk(entries: Iterable<{ streamId: string; events: NewEvent[] }>) {
        const list = [...entries];
        await onBulk(list);
        appended.push(...list.map((e) => ({ stream: e.streamId, events: e.events })));
        return { events: list.length, lastPosition: 0n };
      },
    });
    const urlOf = (e: NewEvent) => (e.data as { url: string }).url;

    it('appends the observations of every answer in one statement, and answers only once it is done', async () => {
      upstream.answer = ({ url }) => ({ status: 200, body: JSON.stringify({ asked: url.pathname }) });
      let release!: () => void;
      let bulkCalled!: () => void;
      const called = new Promise<void>((resolve) => {
        bulkCalled = resolve;
      });
      const bulks: { streamId: string; events: NewEvent[] }[][] = [];
      const c = client({
        store: bulkStore(async (entries) => {
          bulks.push(entries);
          bulkCalled();
          await new Promise<void>((resolve) => {
            release = resolve;
          });
        }),
      });
      let settled = false;
      const all = c.getAll([{ path: '/a' }, { path: '/b' }]).then((r) => {
        settled = true;
        return r;
      });
      await called;
      expect(settled, 'no answer before its observation is in the log').to.equal(false);
      release();
      const [a, b] = await all;
      expect(bulks).to.have.length(1);
      expect(bulks[0]!.map((e) => urlOf(e.events[0]!))).to.deep.equal([
        `${upstream.url}/a`,
        `${upstream.url}/b`,
      ]);
      expect(new Set(bulks[0]!.map((e) => e.streamId)).size, 'one stream per question').to.equal(2);
      expect(a).to.deep.include({ status: 'fulfilled' });
      expect((a as PromiseFulfilledResult<{ record: unknown }>).value.record).to.deep.equal({ asked: '/a' });
      expect((b as PromiseFulfilledResult<{ record: unknown }>).value.record).to.deep.equal({ asked: '/b' });
    });

    it('a failed question is its own failure: the other answer is recorded and given', async () => {
      upstream.answer = ({ url }) =>
        url.pathname === '/b' ? { status: 503 } : { status: 200, body: '{"x":1}' };
      const [a, b] = await client({ store: bulkStore(async () => undefined) }).getAll([
        { path: '/a' },
        { path: '/b' },
      ]);
      expect(a!.status).to.equal('fulfilled');
      expect(b!.status).to.equal('rejected');
      expect((b as PromiseRejectedResult).reason)
        .to.be.instanceOf(LiveUnavailableError)
        .with.property('reason', 'injoignable');
      expect(appended.map((e) => urlOf(e.events[0]!))).to.deep.equal([`${upstream.url}/a`]);
    });

    it('an append that fails fails every answer it held: none is given unrecorded', async () => {
      const failing = {
        append: () => Promise.reject(new Error('database down')),
        appendBulk: () => Promise.reject(new Error('database down')),
      };
      const outcomes = await client({ store: failing }).getAll([{ path: '/a' }, { path: '/b' }]);
      expect(outcomes.map((o) => o.status)).to.deep.equal(['rejected', 'rejected']);
      expect(upstream.requests).to.have.length(2);
    });

    it('in turn: each question once the one before was answered, their observations in one append', async () => {
      upstream.answer = ({ url }) => ({ status: 200, body: JSON.stringify({ asked: url.pathname }) });
      const bulks: unknown[] = [];
      const outcomes = await client({
        store: bulkStore(async (entries) => void bulks.push(entries)),
      }).getAll([{ path: '/a' }, { path: '/b' }], { inTurn: true });
      expect(outcomes.map((o) => o.status)).to.deep.equal(['fulfilled', 'fulfilled']);
      expect(upstream.requests.map((r) => r.url)).to.deep.equal(['/a', '/b']);
      expect(bulks).to.have.length(1);
    });

    it('in turn: after a failure the rest are not asked and fail with it; the answered one is recorded', async () => {
      upstream.answer = ({ url }) =>
        url.pathname === '/b' ? { status: 503 } : { status: 200, body: '{"x":1}' };
      const outcomes = await client({ store: bulkStore(async () => undefined) }).getAll(
        [{ path: '/a' }, { path: '/b' }, { path: '/c' }],
        { inTurn: true },
      );
      expect(outcomes.map((o) => o.status)).to.deep.equal(['fulfilled', 'rejected', 'rejected']);
      expect((outcomes[2] as PromiseRejectedResult).reason).to.equal(
        (outcomes[1] as PromiseRejectedResult).reason,
      );
      expect(upstream.requests.map((r) => r.url)).to.not.include('/c');
      expect(appended.map((e) => urlOf(e.events[0]!))).to.deep.equal([`${upstream.url}/a`]);
    });

    it('reads the read table once for its questions: a young observation kept, the other asked', async () => {
      upstream.answer = () => ({ status: 200, body: '{"x":1}' });
      const reads: string[][] = [];
      const c = client({
        store: bulkStore(async () => undefined),
        recall: () => Promise.reject(new Error('one statement for all, not one each')),
        recallMany: async (_register, urls) => {
          reads.push([...urls]);
          const url = `${upstream.url}/a`;
          return new Map([
            [
              url,
              {
                url,
                status: 200,
                observedAt: '2026-12-01T00:00:00.000Z',
                bodySha256: 'f',
                record: { kept: true },
              },
            ],
          ]);
        },
      });
      const [a, b] = await c.getAll(
        [
          { path: '/a', opts: { maxAgeMs: 60_000 } },
          { path: '/b', opts: { maxAgeMs: 60_000 } },
        ],
        { inTurn: true },
      );
      expect(reads).to.deep.equal([[`${upstream.url}/a`, `${upstream.url}/b`]]);
      expect((a as PromiseFulfilledResult<{ record: unknown }>).value.record).to.deep.equal({ kept: true });
      expect((b as PromiseFulfilledResult<{ cached: boolean }>).value.cached).to.equal(false);
      expect(upstream.requests.map((r) => r.url)).to.deep.equal(['/b']);
    });

    it('admit rejected: no question is asked upstream, each fails with its reason, nothing recorded', async () => {
      const refused = new Error('refused by the caller');
      const admit = Promise.reject(refused);
      const outcomes = await client({ store: bulkStore(async () => undefined) }).getAll(
        [{ path: '/a' }, { path: '/b' }],
        { admit },
      );
      expect(outcomes.map((o) => (o as PromiseRejectedResult).reason)).to.deep.equal([refused, refused]);
      expect(upstream.requests).to.have.length(0);
      expect(appended).to.have.length(0);
    });

    it('admit: the read table is read at once, upstream asked only once admitted', async () => {
      let admitIt!: () => void;
      const admit = new Promise<void>((resolve) => {
        admitIt = resolve;
      });
      let readTableRead!: () => void;
      const recalled = new Promise<void>((resolve) => {
        readTableRead = resolve;
      });
      /** Each call to the register, counted as it is made (before any byte reaches the replay server). */
      const calls: string[] = [];
      const c = client({
        store: bulkStore(async () => undefined),
        recallMany: async () => {
          readTableRead();
          return new Map();
        },
        fetch: (input, init) => {
          calls.push(String(input));
          return fetch(input, init);
        },
      });
      const all = c.getAll(
        [
          { path: '/a', opts: { maxAgeMs: 60_000 } },
          { path: '/b', opts: { maxAgeMs: 60_000 } },
        ],
        { admit },
      );
      await recalled;
      // Every continuation the read table's answer starts runs before this check (the client's policies call
      // fetch without a timer): a client not waiting for `admit` would have called it by then.
      await new Promise((resolve) => setImmediate(resolve));
      expect(calls, 'nothing asked before admission').to.have.length(0);
      admitIt();
      const outcomes = await all;
      expect(outcomes.map((o) => o.status)).to.deep.equal(['fulfilled', 'fulfilled']);
      expect(upstream.requests.map((r) => r.url).sort()).to.deep.equal(['/a', '/b']);
    });

    it('a question answered from the cache is given without asking upstream, beside a new one', async () => {
      const c = client({ cacheMs: 60_000, store: bulkStore(async () => undefined) });
      await c.get('/a');
      const [a, b] = await c.getAll([{ path: '/a' }, { path: '/b' }]);
      expect((a as PromiseFulfilledResult<{ cached: boolean }>).value.cached).to.equal(true);
      expect((b as PromiseFulfilledResult<{ cached: boolean }>).value.cached).to.equal(false);
      expect(upstream.requests.map((r) => r.url)).to.deep.equal(['/a', '/b']);
    });
  });

  it('an unreachable upstream is unavailable (injoignable)', async () => {
    await upstream.close();
    const err = await client({ baseUrl: 'http://127.0.0.1:9' })
      .get('/x')
      .catch((e: unknown) => e);
    expect(err).to.be.instanceOf(LiveUnavailableError).with.property('reason', 'injoignable');
    upstream = await startReplayServer(() => ({ status: 200 }));
  });
});
