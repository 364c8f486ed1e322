import { expect } from 'chai';
import type { Knex } from 'knex';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { EventStore, RecordedEvent, SubscribeOptions } from '../../../ops/eventstore/port.ts';
import { createPostgresEventStore, eventStoreMigrations } from '../../../ops/eventstore/postgres/index.ts';
import { ReadGroups } from '../../../ops/eventstore/postgres/readGroups.ts';
import { subscribe } from '../../../ops/eventstore/postgres/subscribe.ts';
import { freshDatabase, targetDescription, testLogger } from '../../support/database.ts';

/** The subscriptions' filtered reads of the log (readAllFiltered's statement), counted as they are sent. */
function countFilteredReads(knex: Knex): { readonly count: number; stop(): void } {
  let count = 0;
  const onQuery = (q: { sql: string }) => {
    if (q.sql.includes('left join lateral')) count++;
  };
  knex.on('query', onQuery);
  return {
    get count() {
      return count;
    },
    stop: () => void knex.removeListener('query', onQuery),
  };
}

describe(`PostgreSQL adapter on ${targetDescription}: read groups`, () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let store: EventStore;
  const types = new Set(['Entity']);

  beforeEach(async () => {
    db = await freshDatabase();
    await runMigrations(db.knex, eventStoreMigrations);
    store = createPostgresEventStore({ knex: db.knex, notifications: db.notifications, logger: testLogger });
    await store.appendBulk(
      Array.from({ length: 200 }, (_, i) => ({
        streamId: `s-${i}`,
        events: [{ type: 'Entity', data: { i } }],
      })),
    );
  });
  afterEach(async () => {
    await db.close();
  });

  const member = (
    groups: ReadGroups,
    onEvents: SubscribeOptions['onEvents'],
    extra: Partial<SubscribeOptions> = {},
  ) =>
    subscribe(
      db.knex,
      db.notifications,
      testLogger,
      { from: 0n, batchSize: 20, types, readGroup: 'g', onEvents, ...extra },
      groups,
    );

  it('reads each window of the log once for two members reading it together', async () => {
    const groups = new ReadGroups(db.knex);
    const reads = countFilteredReads(db.knex);
    const seen: RecordedEvent[][] = [[], []];
    const subs = [0, 1].map((i) => member(groups, async (batch) => void seen[i]!.push(...batch)));
    const head = await store.headPosition();
    await Promise.all(subs.map((s) => s.reached(head)));
    await Promise.all(subs.map((s) => s.stop()));
    reads.stop();
    expect(seen[0]!.map((e) => e.position)).to.deep.equal(seen[1]!.map((e) => e.position));
    expect(seen[0]).to.have.length(200);
    // Alone, each would read the ten full windows and the head: 22 reads. Together the full windows are
    // read once; the head's read, short, is read again by the member that did not send it.
    expect(reads.count).to.be.at.most(12);
  });

  it('reads with its own filter alone when the others are far ahead, as a rebuild beside members at the head', async () => {
    const groups = new ReadGroups(db.knex);
    let parsed = 0;
    const upcast = async (events: RecordedEvent[]) => {
      parsed += events.length;
      return events;
    };
    const atHead = member(groups, async () => {}, { upcast });
    const head = await store.headPosition();
    await atHead.reached(head);
    expect(parsed).to.equal(200);
    parsed = 0;
    // An entity filter that none of the log's events meets.
    const entities = { types: ['Entity'], of: [{ register: 'elsewhere', kind: 'none' }] };
    const delivered: RecordedEvent[] = [];
    const rebuilding = member(groups, async (batch) => void delivered.push(...batch), { upcast, entities });
    await rebuilding.reached(head);
    await Promise.all([atHead.stop(), rebuilding.stop()]);
    expect(delivered).to.deep.equal([]);
    // Read with the filters of both, its reads would have brought back (and upcast) all 200 events again.
    expect(parsed).to.equal(0);
  });

  it('lets the faster member read on when a slower one stalls, and the slower still gets every event', async () => {
    const groups = new ReadGroups(db.knex, { keptWindows: 2, leaderWaitMs: 50 });
    let release: () => void = () => {};
    const stalled = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fast: bigint[] = [];
    const slow: bigint[] = [];
    const slowSub = member(groups, async (batch) => {
      slow.push(...batch.map((e) => e.position));
      await stalled;
    });
    const fastSub = member(groups, async (batch) => void fast.push(...batch.map((e) => e.position)));
    const head = await store.headPosition();
    await fastSub.reached(head);
    expect(slow).to.have.length(20);
    release();
    await slowSub.reached(head);
    await Promise.all([fastSub.stop(), slowSub.stop()]);
    const all = (await store.readAll(0n, { limit: 1000 })).map((e) => e.position);
    expect(fast).to.deep.equal(all);
    expect(slow).to.deep.equal(all);
  });

  it('stops waiting for a member whose handler failed: it has left the group', async () => {
    // A wait longer than the test's own timeout: only the failed member leaving lets the other read on.
    const groups = new ReadGroups(db.knex, { keptWindows: 1, leaderWaitMs: 3_600_000 });
    let fail: (err: Error) => void = () => {};
    const failing = new Promise<void>((_, reject) => {
      fail = reject;
    });
    const failures: unknown[] = [];
    const broken = member(
      groups,
      async () => {
        await failing;
      },
      { onError: (err) => void failures.push(err) },
    );
    const seen: bigint[] = [];
    const healthy = member(groups, async (batch) => void seen.push(...batch.map((e) => e.position)));
    const head = await store.headPosition();
    // The healthy member reads ahead of the broken one (stuck in its first batch) and waits for it...
    await healthy.reached(20n);
    fail(new Error('handler broke'));
    // ...until its failure stops it.
    await healthy.reached(head);
    await Promise.all([healthy.stop(), broken.stop()]);
    expect(failures.map((e) => (e as Error).message)).to.deep.equal(['handler broke']);
    expect(seen).to.have.length(200);
  });
});
