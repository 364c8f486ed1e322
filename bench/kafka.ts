import { parseArgs } from 'node:util';
import { createKafka } from '../ops/bus/kafka/kafkaClient.ts';
import { kafkaSettingsFrom } from '../ops/bus/kafka/kafkaSettings.ts';
import { startRelay } from '../ops/bus/kafka/relay.ts';
import { runMigrations } from '../ops/database/migrations.ts';
import { createPostgresEventStore, eventStoreMigrations } from '../ops/eventstore/postgres/index.ts';
import { createBusProjector } from '../projections/core/busProjector.ts';
import type { Projection } from '../projections/core/projection.ts';
import { createProjectionRunner } from '../projections/core/projectionRunner.ts';
import { resetProjection } from '../projections/core/resetProjection.ts';
import { projectionMigrationsFor } from '../projections/core/schema.ts';
import { SNAPSHOT_EVENT_TYPES } from '../schemas/events/snapshotEvents.ts';
import type { BenchContext } from './core/benchContext.ts';
import { formatCount, formatRatio, formatSeconds } from './core/format.ts';
import { openBenchDatabase } from './core/openBenchDatabase.ts';
import { parseCount } from './core/parseCount.ts';
import { printTable } from './core/printTable.ts';
import { perSecond, timed } from './core/timing.ts';
import { benchEntries } from './eventstore/benchEntries.ts';

export const description =
  'the event log through Kafka: the relay, and a consumer group of projectors vs the PostgreSQL subscription';

const DEFAULT_EVENTS = 50_000;
const DEFAULT_MEMBERS = 3;
/** The three-node cluster of ops/kafka/kafka.sh. */
const CLUSTER_BROKERS = '127.0.0.1:19292,127.0.0.1:19293,127.0.0.1:19294';

const USAGE = `registres bench kafka [options]

${description}.
Needs a PostgreSQL server (DATABASE_URL; a schema of its own, dropped at the end) and a broker:
KAFKA_BROKERS, default the three-node cluster of \`ops/kafka/kafka.sh start cluster\` (${CLUSTER_BROKERS}).
The topic (a new one per run) has 6 partitions, replicated on min(3, brokers) nodes.

Options:
  --events N    events in the log (default ${formatCount(DEFAULT_EVENTS)}), one per stream
  --members N   consumer-group members, in this process (default ${DEFAULT_MEMBERS})
`;

/** A read model of one row per stream: the work per event is one upsert, as an entity read model's. */
const benchProjection: Projection = {
  name: 'bench_kafka',
  registers: [],
  tables: ['bench_kafka_rows'],
  migrations: [
    {
      name: 'bench_kafka_rows',
      async up(knex) {
        await knex.raw('create table bench_kafka_rows (stream text primary key, n bigint not null)');
      },
    },
  ],
  handlers: {},
  async handleRun(trx, events) {
    await trx.raw(
      `insert into bench_kafka_rows (stream, n) select * from unnest(?::text[], ?::bigint[])
       on conflict (stream) do update set n = excluded.n`,
      [events.map((e) => e.streamId), events.map((e) => e.position.toString())],
    );
  },
};
benchProjection.handlers.EntityRecorded = async (trx, e) => benchProjection.handleRun!(trx, [e]);

export async function run(argv: string[], ctx: BenchContext): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      events: { type: 'string' },
      members: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    for (const line of USAGE.trimEnd().split('\n')) ctx.out(line);
    return 0;
  }
  if (!ctx.config.databaseUrl) {
    ctx.out('bench kafka: needs DATABASE_URL (a PostgreSQL server): the projectors share its read tables');
    return 1;
  }
  const count = parseCount('events', values.events, DEFAULT_EVENTS);
  const members = parseCount('members', values.members, DEFAULT_MEMBERS);
  const brokers = process.env.KAFKA_BROKERS ?? CLUSTER_BROKERS;
  const base = kafkaSettingsFrom({ ...process.env, KAFKA_BROKERS: brokers });
  const settings = {
    ...base,
    topic: `registres-bench-${Date.now()}`,
    partitions: 6,
    replication: Math.min(3, base.brokers.length),
  };
  const { logger } = ctx;
  const db = await openBenchDatabase(ctx.config, logger, { poolMax: members + 4 });
  ctx.out(`kafka bench: ${formatCount(count)} events, ${members} members, topic ${settings.topic}`);
  ctx.out(`  brokers ${settings.brokers.join(',')}; ${db.label} ${db.displayUrl}, schema ${db.schema}`);
  try {
    await runMigrations(db.knex, [...eventStoreMigrations, ...projectionMigrationsFor([benchProjection])]);
    const store = createPostgresEventStore({ knex: db.knex, notifications: db.notifications, logger });
    await store.appendBulk(benchEntries(count), { batchEvents: 5000 });
    const head = await store.headPosition();
    const atHead = async () => {
      const { rows } = await db.knex.raw<{ rows: { position: string }[] }>(
        'select position from projection_state where name = ?',
        [benchProjection.name],
      );
      return BigInt(rows[0]?.position ?? '0') >= head;
    };

    // Baseline: the in-process runner on the PostgreSQL subscription.
    const runner = createProjectionRunner({
      knex: db.knex,
      eventStore: store,
      logger,
      projections: [benchProjection],
    });
    const subscription = await timed(async () => {
      await runner.start();
      await runner.caughtUp(head);
    });
    await runner.stop();
    ctx.out(`  PostgreSQL subscription: ${formatSeconds(subscription.seconds)}`);
    await resetProjection(db.knex, benchProjection);

    const kafka = createKafka(settings, logger, 'registres-bench');
    const barriers = new Set(SNAPSHOT_EVENT_TYPES);
    const relayed = await timed(async () => {
      const relay = await startRelay({
        knex: db.knex,
        store,
        kafka,
        settings,
        logger,
        isBarrier: (t) => barriers.has(t),
      });
      await relay.reached(head);
      await relay.stop();
    });
    ctx.out(`  relay: ${formatSeconds(relayed.seconds)}`);

    const group = Array.from({ length: members }, () =>
      createBusProjector({
        knex: db.knex,
        kafka,
        topic: settings.topic,
        groupId: `${settings.topic}-projectors`,
        projections: [benchProjection],
        logger,
      }),
    );
    const consumed = await timed(async () => {
      await Promise.all(group.map((m) => m.start()));
      while (!(await atHead())) await new Promise((r) => setTimeout(r, 100));
    });
    await Promise.all(group.map((m) => m.stop()));
    ctx.out(`  consumer group: ${formatSeconds(consumed.seconds)}`);

    const baseline = perSecond(count, subscription.seconds);
    const viaRelay = perSecond(count, relayed.seconds);
    const viaGroup = perSecond(count, consumed.seconds);
    printTable(
      `Events/s (${formatCount(count)} events, one upsert each; ${settings.brokers.length} broker(s), 6 partitions)`,
      [
        {
          measure: 'relay: log → topic (acks=all)',
          baseline: formatCount(baseline),
          ours: formatCount(viaRelay),
          ratio: formatRatio(viaRelay / baseline),
        },
        {
          measure: `projector: ${members}-member group, topic → tables`,
          baseline: formatCount(baseline),
          ours: formatCount(viaGroup),
          ratio: formatRatio(viaGroup / baseline),
        },
      ],
      ctx.out,
    );
    ctx.out('baseline: the same read model applied by the in-process runner on the PostgreSQL subscription.');
    ctx.out('The group start (joining, the first rebalance) is inside its time.');
    return 0;
  } finally {
    await db.close();
  }
}
