import { expect } from 'chai';
import { migrateAll } from '../../app/server/migrateAll.ts';
import { partitionOf } from '../../ops/bus/kafka/eventRecords.ts';
import type { Database } from '../../ops/database/openDatabase.ts';
import type { EventStore } from '../../ops/eventstore/port.ts';
import { createPostgresEventStore } from '../../ops/eventstore/postgres/index.ts';
import { WATCH_CREATED } from '../../schemas/events/watchEvents.ts';
import {
  appendAll,
  appendSnapshotEvents,
  snapshotCompleted,
  snapshotStarted,
} from '../projections/core/testBed.ts';
import { freshDatabase, testLogger } from '../support/database.ts';
import {
  type Changes,
  type CliProcess,
  logFields,
  readTopic,
  relayPosition,
  startCli,
  tableChanges,
  testKafka,
  uniqueName,
  waitFor,
} from './kafkaBed.ts';

const isBarrier = (type: string) => type.startsWith('Snapshot') || type === WATCH_CREATED;

/** Appends `streams` streams of `each` events in one bulk append; returns the last position. */
async function appendEntities(store: EventStore, prefix: string, streams: number, each: number) {
  const entries = Array.from({ length: streams }, (_, i) => ({
    streamId: `${prefix}-${i}`,
    events: Array.from({ length: each }, (_, j) => ({ type: 'EntityRecorded', data: { id: `${i}`, n: j } })),
  }));
  return (await store.appendBulk(entries)).lastPosition;
}

describe('registres relay --bus kafka, against a real broker', function () {
  this.timeout(180_000);
  let db: Database;
  let store: EventStore;
  const topic = uniqueName('registres-test-relay');
  const children: CliProcess[] = [];
  /** The relay's commits of its position. */
  let relayMoves: Changes;

  before(async function () {
    if (!process.env.DATABASE_URL) this.skip();
    db = await freshDatabase();
    await migrateAll(db.knex, []);
    store = createPostgresEventStore({ knex: db.knex, notifications: db.notifications, logger: testLogger });
    relayMoves = await tableChanges(db, ['bus_relay_state']);
  });

  /** The relay has published the whole log (its stored position is the log's head). */
  const relayAtHead = async (): Promise<true | string> => {
    const [at, head] = [await relayPosition(db.knex, topic), await store.headPosition()];
    return at === head || `relay at position ${at}, log head ${head}`;
  };

  after(async () => {
    for (const c of children) await c.kill('SIGKILL');
    await db?.close();
  });

  const relay = (extra: Record<string, string> = {}) => {
    const c = startCli(['relay', '--bus', 'kafka', '--batch-size', '1000', '--send-size', '100'], {
      DATABASE_URL: db.url,
      KAFKA_TOPIC: topic,
      ...extra,
    });
    children.push(c);
    return c;
  };

  it('publishes each event once after a kill -9 in the middle of a batch, and the frames in every partition', async () => {
    await appendSnapshotEvents(store, 'test.reg', [snapshotStarted('test.reg', '2026-11-01')]);
    await appendEntities(store, 'a', 200, 10);
    // A type a read model needs in global order (the watches' WatchCreated): a barrier too.
    await appendAll(store, 'watch-w1', [{ type: WATCH_CREATED, data: { watchId: 'w1' } }]);
    await appendEntities(store, 'a2', 200, 10);
    await appendSnapshotEvents(store, 'test.reg', [snapshotCompleted('test.reg', '2026-11-01')]);

    // Killed when a produce request of a batch is acknowledged and more of the batch is still to send.
    const first = relay({ LOG_LEVEL: 'debug' });
    await first.line((l) => {
      const f = logFields(l);
      return f?.msg === 'relay chunk acknowledged' && BigInt(String(f.chunkEnd)) < BigInt(String(f.batchEnd));
    });
    await first.kill('SIGKILL');
    const storedAtKill = await relayPosition(db.knex, topic);

    await appendEntities(store, 'b', 50, 10);
    const second = relay();
    const starting = logFields(await second.line((l) => logFields(l)?.msg === 'relay starting'))!;
    // What the killed batch had published past the stored position is on the topic: found, not sent again.
    expect(BigInt(String(starting.from))).to.equal(storedAtKill);
    expect(Number(starting.partitionsAhead)).to.be.greaterThan(0);
    await waitFor('the relay at the log head', relayAtHead, relayMoves, 60_000);
    // Live: an append after it caught up.
    await appendEntities(store, 'c', 5, 3);
    await waitFor('the relay at the log head after a live append', relayAtHead, relayMoves, 30_000);
    await second.kill('SIGTERM');
    expect((await second.exit).code).to.equal(0);

    const log = await store.readAll(0n, { limit: 100_000 });
    const records = await readTopic(testKafka(), topic);
    const partitions = new Set(records.map((r) => r.partition)).size;
    expect(partitions).to.equal(3);

    // Every event once; the frames once in every partition, each naming its stream's partition as home.
    const events = records.filter((r) => r.record.kind === 'event');
    expect(events.map((r) => r.record.position)).to.have.members(
      log.filter((e) => !isBarrier(e.type)).map((e) => e.position),
    );
    expect(new Set(events.map((r) => r.record.position)).size).to.equal(events.length);
    expect(log.filter((e) => isBarrier(e.type))).to.have.length(3);
    for (const frame of log.filter((e) => isBarrier(e.type))) {
      const copies = records.filter(
        (r) => r.record.kind === 'barrier' && r.record.position === frame.position,
      );
      expect(copies.map((r) => r.partition).sort()).to.deep.equal([0, 1, 2]);
      expect(copies.every((r) => r.record.home === partitionOf(frame.streamId, 3))).to.equal(true);
    }
    // An entity's events in its stream's partition, as the log wrote them.
    const byPosition = new Map(log.map((e) => [e.position, e]));
    for (const r of events) {
      const e = byPosition.get(r.record.position)!;
      expect(r.partition).to.equal(partitionOf(e.streamId, 3));
      expect(r.record.event).to.deep.include({
        streamId: e.streamId,
        streamVersion: e.streamVersion,
        type: e.type,
      });
      expect(r.record.event!.data).to.deep.equal(e.data);
    }
    // Positions only grow in a partition (marks included), and each partition ends at the log's head.
    const head = log.at(-1)!.position;
    for (let p = 0; p < 3; p++) {
      const positions = records.filter((r) => r.partition === p).map((r) => r.record.position);
      expect(positions.every((x, i) => i === 0 || x > positions[i - 1]!)).to.equal(true);
      expect(positions.at(-1)).to.equal(head);
    }
  });
});
