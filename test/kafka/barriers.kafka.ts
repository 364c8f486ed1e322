import { expect } from 'chai';
import { createKafka } from '../../ops/bus/kafka/kafkaClient.ts';
import { kafkaSettingsFrom } from '../../ops/bus/kafka/kafkaSettings.ts';
import { type Relay, startRelay } from '../../ops/bus/kafka/relay.ts';
import { runMigrations } from '../../ops/database/migrations.ts';
import type { Database } from '../../ops/database/openDatabase.ts';
import type { EventStore } from '../../ops/eventstore/port.ts';
import { createPostgresEventStore, eventStoreMigrations } from '../../ops/eventstore/postgres/index.ts';
import { type BusProjector, createBusProjector } from '../../projections/core/busProjector.ts';
import type { Projection } from '../../projections/core/projection.ts';
import { projectionMigrationsFor } from '../../projections/core/schema.ts';
import { freshDatabase, testLogger } from '../support/database.ts';
import {
  BROKERS,
  type Changes,
  tableChanges,
  testKafka,
  uniqueName,
  waitFor,
  withOffsetCommits,
} from './kafkaBed.ts';

const MARKER = 'OrderMarker';

/**
 * Records each application with what was applied before it: for an entity event, how many markers; for a
 * marker, how many entity events. Applied in the log's global order, these are the log's own counts.
 */
const orderProjection: Projection = {
  name: 'kafka_order',
  registers: [],
  tables: ['kafka_order_applied'],
  migrations: [
    {
      name: 'test_kafka_order_applied',
      async up(knex) {
        await knex.raw(
          'create table kafka_order_applied (position bigint not null, type text not null, seen bigint not null)',
        );
      },
    },
  ],
  handlers: {
    async EntityRecorded(trx, e) {
      await trx.raw(
        `insert into kafka_order_applied
         select ?, 'EntityRecorded', count(*) from kafka_order_applied where type = ?`,
        [e.position.toString(), MARKER],
      );
    },
    async [MARKER](trx, e) {
      await trx.raw(
        `insert into kafka_order_applied
         select ?, ?, count(*) from kafka_order_applied where type = 'EntityRecorded'`,
        [e.position.toString(), MARKER],
      );
    },
  },
  globalOrder: [MARKER],
};

describe('Kafka projectors: barriers in global order, each event applied once', function () {
  this.timeout(180_000);
  let db: Database;
  let store: EventStore;
  let relay: Relay | null = null;
  const members: BusProjector[] = [];
  const settings = {
    ...kafkaSettingsFrom({ KAFKA_BROKERS: BROKERS.join(',') }),
    topic: uniqueName('registres-test-order'),
  };
  const kafka = createKafka(settings, testLogger, 'registres-test');
  /** The commits that move the projection's watermark. */
  let watermarkMoves: Changes;

  before(async function () {
    if (!process.env.DATABASE_URL) this.skip();
    db = await freshDatabase();
    await runMigrations(db.knex, [...eventStoreMigrations, ...projectionMigrationsFor([orderProjection])]);
    store = createPostgresEventStore({ knex: db.knex, notifications: db.notifications, logger: testLogger });
    watermarkMoves = await tableChanges(db, ['projection_state']);
  });

  after(async () => {
    for (const m of members) await m.stop().catch(() => undefined);
    await relay?.stop().catch(() => undefined);
    await db?.close();
  });

  const member = (groupId: string, client = kafka) => {
    const m = createBusProjector({
      knex: db.knex,
      kafka: client,
      topic: settings.topic,
      groupId,
      projections: [orderProjection],
      logger: testLogger,
      barrierRetryMs: 50,
    });
    members.push(m);
    return m;
  };
  const round = async (n: number) => {
    await store.appendBulk(
      Array.from({ length: 150 }, (_, i) => ({
        streamId: `e-${i}`,
        events: [{ type: 'EntityRecorded', data: { round: n } }],
      })),
    );
    await store.append(`marker-${n}`, [{ type: MARKER, data: { round: n } }], 'any');
  };
  const atHead = async (): Promise<true | string> => {
    const head = await store.headPosition();
    const { rows } = await db.knex.raw<{ rows: { position: string }[] }>(
      'select position from projection_state where name = ?',
      [orderProjection.name],
    );
    const at = BigInt(rows[0]?.position ?? '0');
    return at === head || `watermark ${at}, log head ${head}`;
  };

  it('applies each marker after every event before it and before every event after it, across a rebalance', async () => {
    await round(0);
    relay = await startRelay({
      knex: db.knex,
      store,
      kafka,
      settings,
      logger: testLogger,
      isBarrier: (t) => t === MARKER,
    });
    const group = uniqueName('registres-test-order-group');
    const [first, second, third] = [member(group), member(group), member(group)];
    await Promise.all([first!.start(), second!.start(), third!.start()]);
    for (let n = 1; n <= 4; n++) {
      await round(n);
      if (n === 2) await first!.stop(); // leaves the group mid-stream: its partitions move to the others
    }
    await waitFor('the projection at the head', atHead, watermarkMoves, 60_000).catch(async (err) => {
      const { rows } = await db.knex.raw(
        'select topic_partition, position from bus_projector_checkpoints order by 1',
      );
      const state = members.map((m) => ({ assigned: m.assigned(), paused: m.paused() }));
      throw new Error(
        `${err.message}: head ${await store.headPosition()}, checkpoints ${JSON.stringify(rows)}, members ${JSON.stringify(state)}`,
      );
    });

    const log = await store.readAll(0n, { limit: 100_000 });
    const { rows } = await db.knex.raw<{ rows: { position: string; type: string; seen: string }[] }>(
      'select position, type, seen from kafka_order_applied order by position',
    );
    expect(rows.map((r) => BigInt(r.position))).to.deep.equal(log.map((e) => e.position));
    for (const r of rows) {
      const before = log.filter((e) => e.position < BigInt(r.position));
      const other = r.type === MARKER ? 'EntityRecorded' : MARKER;
      expect(Number(r.seen), `${r.type} at ${r.position}`).to.equal(
        before.filter((e) => e.type === other).length,
      );
    }

    // A group reading the whole topic again (no offsets of its own) finds everything applied: nothing twice.
    const againGroup = uniqueName('registres-test-order-again');
    const observed = withOffsetCommits(kafka);
    await member(againGroup, observed.kafka).start();
    const admin = testKafka().admin();
    await admin.connect();
    try {
      const ends = await admin.fetchTopicOffsets(settings.topic);
      const atEnd = async (): Promise<true | string> => {
        const [read] = await admin.fetchOffsets({ groupId: againGroup, topics: [settings.topic] });
        const behind = ends.filter(
          (e) => read?.partitions.find((p) => p.partition === e.partition)?.offset !== e.high,
        );
        return (
          behind.length === 0 || `committed ${JSON.stringify(read?.partitions)}, ends ${JSON.stringify(ends)}`
        );
      };
      await waitFor('the second group’s offsets at the end of the topic', atEnd, observed.commits, 60_000);
    } finally {
      await admin.disconnect();
    }
    const { rows: count } = await db.knex.raw<{ rows: { n: string }[] }>(
      'select count(*) as n from kafka_order_applied',
    );
    expect(Number(count[0]!.n)).to.equal(log.length);
  });
});
