import { expect } from 'chai';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { Database } from '../../../ops/database/openDatabase.ts';
import type { AppendResult, EventStore } from '../../../ops/eventstore/port.ts';
import { createPostgresEventStore, eventStoreMigrations } from '../../../ops/eventstore/postgres/index.ts';
import { createServedLog } from '../../../ops/servedlog/createServedLog.ts';
import { RESPONSE_SERVED, type ResponseServedData } from '../../../ops/servedlog/responseServed.ts';
import { verifyServedChain } from '../../../ops/servedlog/verifyServedChain.ts';
import { freshDatabase, targetDescription, testLogger } from '../../support/database.ts';
import { servedEntry } from './servedEntries.ts';

/** Wraps a store to count the appends refused for a stale version. */
function countingConflicts(store: EventStore) {
  const results: AppendResult[] = [];
  const wrapped: EventStore = {
    ...store,
    append: async (streamId, events, expected) => {
      const result = await store.append(streamId, events, expected);
      results.push(result);
      return result;
    },
  };
  return { store: wrapped, conflicts: () => results.filter((r) => !r.ok).length };
}

/** Wraps a store to hand each successful append, as it completes, to whoever waits for it. */
function signallingAppends(store: EventStore) {
  const waiting: ((streamId: string) => void)[] = [];
  const wrapped: EventStore = {
    ...store,
    append: async (streamId, events, expected) => {
      const result = await store.append(streamId, events, expected);
      if (result.ok) for (const wake of waiting.splice(0)) wake(streamId);
      return result;
    },
  };
  const nextAppend = () => new Promise<string>((resolve) => waiting.push(resolve));
  return { store: wrapped, nextAppend };
}

/** A one-time signal: `fired` settles when `fire()` is called. */
function signal(): { fired: Promise<void>; fire(): void } {
  let fire!: () => void;
  const fired = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { fired, fire };
}

describe(`served log on ${targetDescription}`, () => {
  let db: Database;
  let store: EventStore;
  // A distinct year per test keeps the day streams of the tests apart.
  let year = 2030;
  const at = (time: string) => `${year}-${time}`;

  before(async () => {
    db = await freshDatabase();
    await runMigrations(db.knex, eventStoreMigrations);
    store = createPostgresEventStore({ knex: db.knex, notifications: db.notifications, logger: testLogger });
  });
  after(async () => {
    await db.close();
  });
  beforeEach(() => {
    year += 1;
  });

  it('keeps records in memory and appends every one of them on close()', async () => {
    const log = createServedLog({
      eventStore: store,
      logger: testLogger,
      flushIntervalMs: 60_000,
      maxBatch: 1000,
    });
    for (let i = 0; i < 25; i++)
      log.record(servedEntry(at(`05-01T10:00:${String(i).padStart(2, '0')}.000Z`)));
    expect(log.pending).to.equal(25);
    expect(await store.streamVersion(`served-${year}-05-01`)).to.equal(null);
    await log.close();
    expect(log.pending).to.equal(0);
    const events = await store.readStream(`served-${year}-05-01`);
    expect(events).to.have.length(25);
    expect(events.every((e) => e.type === RESPONSE_SERVED)).to.equal(true);
    expect(verifyServedChain(events)).to.deep.include({ ok: true, count: 25 });
  });

  it('chains each UTC day in its own stream, each from 64 zeros', async () => {
    const log = createServedLog({
      eventStore: store,
      logger: testLogger,
      flushIntervalMs: 60_000,
      maxBatch: 2,
    });
    log.record(servedEntry(at('05-01T23:59:59.999Z')));
    log.record(servedEntry(at('05-02T00:00:00.000Z')));
    log.record(servedEntry(at('05-01T23:59:59.999Z')));
    log.record(servedEntry(at('05-02T00:00:01.000Z')));
    log.record(servedEntry(at('05-02T00:00:02.000Z')));
    await log.close();
    const first = await store.readStream(`served-${year}-05-01`);
    const second = await store.readStream(`served-${year}-05-02`);
    expect(first).to.have.length(2);
    expect(second).to.have.length(3);
    expect((first[0]!.data as ResponseServedData).previousHash).to.equal('0'.repeat(64));
    expect((second[0]!.data as ResponseServedData).previousHash).to.equal('0'.repeat(64));
    expect(verifyServedChain(first).ok).to.equal(true);
    expect(verifyServedChain(second).ok).to.equal(true);
  });

  it('a modified stored event breaks its day chain', async () => {
    const log = createServedLog({ eventStore: store, logger: testLogger, flushIntervalMs: 60_000 });
    for (let i = 0; i < 3; i++) log.record(servedEntry(at(`06-01T08:00:0${i}.000Z`)));
    await log.close();
    const streamId = `served-${year}-06-01`;
    await db.knex.raw(
      `update events set data = jsonb_set(data, '{status}', '203') where stream_id = ? and stream_version = 1`,
      [streamId],
    );
    const verdict = verifyServedChain(await store.readStream(streamId));
    expect(verdict).to.deep.include({ ok: false, streamVersion: 1n });
  });

  it('starts appending once a batch is full, without waiting for the timer', async () => {
    const signalling = signallingAppends(store);
    const log = createServedLog({
      eventStore: signalling.store,
      logger: testLogger,
      flushIntervalMs: 60_000,
      maxBatch: 5,
    });
    const appended = signalling.nextAppend();
    for (let i = 0; i < 5; i++) log.record(servedEntry(at(`07-01T08:00:0${i}.000Z`)));
    expect(await appended).to.equal(`served-${year}-07-01`);
    expect(await store.streamVersion(`served-${year}-07-01`)).to.equal(4n);
    await log.close();
  });

  it('leaves what arrives during a background append for the next interval instead of appending it at once', async () => {
    let appends = 0;
    const [started, released, appended] = [signal(), signal(), signal()];
    // The first append starts, waits to be released, then completes.
    const held: EventStore = {
      ...store,
      append: async (streamId, events, expected) => {
        const first = ++appends === 1;
        if (first) {
          started.fire();
          await released.fired;
        }
        const result = await store.append(streamId, events, expected);
        if (first) appended.fire();
        return result;
      },
    };
    const log = createServedLog({
      eventStore: held,
      logger: testLogger,
      flushIntervalMs: 60_000,
      maxBatch: 2,
    });
    log.record(servedEntry(at('07-03T08:00:00.000Z')));
    log.record(servedEntry(at('07-03T08:00:01.000Z')));
    // The full batch starts a background append; one more entry arrives while it is in flight.
    await started.fired;
    log.record(servedEntry(at('07-03T08:00:02.000Z')));
    released.fire();
    await appended.fired;
    await new Promise((resolve) => setImmediate(resolve));
    expect({ appends, pending: log.pending }).to.deep.equal({ appends: 1, pending: 1 });
    await log.close();
    expect(await store.streamVersion(`served-${year}-07-03`)).to.equal(2n);
  });

  it('appends on its timer when the batch is not full', async () => {
    const signalling = signallingAppends(store);
    const log = createServedLog({ eventStore: signalling.store, logger: testLogger, flushIntervalMs: 1 });
    const appended = signalling.nextAppend();
    log.record(servedEntry(at('07-02T08:00:00.000Z')));
    expect(await appended).to.equal(`served-${year}-07-02`);
    expect(await store.streamVersion(`served-${year}-07-02`)).to.equal(0n);
    await log.close();
  });

  it('re-reads the tail and re-chains when another writer appended to the day meanwhile', async () => {
    const a = countingConflicts(store);
    const logA = createServedLog({ eventStore: a.store, logger: testLogger, flushIntervalMs: 60_000 });
    const logB = createServedLog({ eventStore: store, logger: testLogger, flushIntervalMs: 60_000 });
    logA.record(servedEntry(at('08-01T08:00:00.000Z')));
    await logA.flush();
    logB.record(servedEntry(at('08-01T08:00:01.000Z')));
    await logB.flush();
    logA.record(servedEntry(at('08-01T08:00:02.000Z')));
    await logA.flush();
    expect(a.conflicts()).to.be.greaterThan(0);

    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 4; i++) {
        logA.record(servedEntry(at(`08-01T09:0${round}:0${i}.000Z`)));
        logB.record(servedEntry(at(`08-01T09:0${round}:1${i}.000Z`)));
      }
      await Promise.all([logA.flush(), logB.flush()]);
    }
    await Promise.all([logA.close(), logB.close()]);
    const events = await store.readStream(`served-${year}-08-01`);
    expect(events).to.have.length(3 + 5 * 8);
    expect(verifyServedChain(events)).to.deep.include({ ok: true, count: 43 });
  });

  it('keeps the records when the log cannot be written, and appends them once it can', async () => {
    let down = true;
    const flaky: EventStore = {
      ...store,
      append: (streamId, events, expected) =>
        down ? Promise.reject(new Error('connection refused')) : store.append(streamId, events, expected),
    };
    const log = createServedLog({ eventStore: flaky, logger: testLogger, flushIntervalMs: 60_000 });
    log.record(servedEntry(at('09-01T08:00:00.000Z')));
    log.record(servedEntry(at('09-01T08:00:01.000Z')));
    let error: unknown = null;
    await log.flush().catch((e) => {
      error = e;
    });
    expect(String(error)).to.contain('connection refused');
    expect(log.pending).to.equal(2);
    down = false;
    await log.close();
    const events = await store.readStream(`served-${year}-09-01`);
    expect(events.map((e) => (e.data as ResponseServedData).servedAt)).to.deep.equal([
      at('09-01T08:00:00.000Z'),
      at('09-01T08:00:01.000Z'),
    ]);
  });
});
