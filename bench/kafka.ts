import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import { createKafka } from '../ops/bus/kafka/kafkaClient.ts';
import { kafkaSettingsFrom } from '../ops/bus/kafka/kafkaSettings.ts';
import { startRelay } from '../ops/bus/kafka/relay.ts';
import { runMigrations } from '../ops/database/migrations.ts';
import { createPostgresEventStore, eventStoreMigrations } from '../ops/eventstore/postgres/index.ts';
import { createBusProjector } from '../projections/core/busProjector.ts';
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
import { appliedCount, appliedSpanSeconds, benchProjection } from './kafka/benchProjection.ts';
import { startMemberProcesses } from './kafka/memberProcesses.ts';

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
  --members N   consumer-group members, each a node process of its own (default ${DEFAULT_MEMBERS})
  --in-process  run the members in this process instead, as the bench first did

Projector rates are read from the read table (server clock): from the start of the first transaction
that applied an event to the last event written, so the group's start (processes, joining, the first
rebalance) is not in them; the baseline's likewise. The relay's is its wall-clock time.
`;

/** How long the group may take to apply every event before the bench gives up. */
const GROUP_TIMEOUT_MS = 15 * 60_000;

export async function run(argv: string[], ctx: BenchContext): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      events: { type: 'string' },
      members: { type: 'string' },
      'in-process': { type: 'boolean' },
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
  const inProcess = values['in-process'] === true;
  const groupLabel = inProcess ? `${members}-member group in one process` : `${members}-process group`;
  const brokers = process.env.KAFKA_BROKERS ?? CLUSTER_BROKERS;
  const base = kafkaSettingsFrom({ ...process.env, KAFKA_BROKERS: brokers });
  const settings = {
    ...base,
    topic: `registres-bench-${Date.now()}`,
    partitions: 6,
    replication: Math.min(3, base.brokers.length),
  };
  const { logger } = ctx;
  const db = await openBenchDatabase(ctx.config, logger, { poolMax: (inProcess ? members : 0) + 4 });
  ctx.out(`kafka bench: ${formatCount(count)} events, ${groupLabel}, topic ${settings.topic}`);
  ctx.out(`  brokers ${settings.brokers.join(',')}; ${db.label} ${db.displayUrl}, schema ${db.schema}`);
  try {
    await runMigrations(db.knex, [...eventStoreMigrations, ...projectionMigrationsFor([benchProjection])]);
    const store = createPostgresEventStore({ knex: db.knex, notifications: db.notifications, logger });
    await store.appendBulk(benchEntries(count), { batchEvents: 5000 });
    const head = await store.headPosition();

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
    const subscriptionSpan = await appliedSpanSeconds(db.knex);
    ctx.out(
      `  PostgreSQL subscription: ${formatSeconds(subscription.seconds)} (first to last event applied ${formatSeconds(subscriptionSpan)})`,
    );
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

    const groupId = `${settings.topic}-projectors`;
    const consumed = await timed(async () => {
      if (inProcess) {
        const group = Array.from({ length: members }, () =>
          createBusProjector({
            knex: db.knex,
            kafka,
            topic: settings.topic,
            groupId,
            projections: [benchProjection],
            logger,
          }),
        );
        await Promise.all(group.map((m) => m.start()));
        await untilApplied(db.knex, count, () => null);
        await Promise.all(group.map((m) => m.stop()));
        return;
      }
      const processes = startMemberProcesses({
        count: members,
        databaseUrl: ctx.config.databaseUrl!,
        brokers: settings.brokers,
        schema: db.schema,
        topic: settings.topic,
        group: groupId,
        events: count,
      });
      let failure: Error | null = null;
      processes.exited.catch((e: Error) => {
        failure = e;
      });
      try {
        await processes.joined;
        await untilApplied(db.knex, count, () => failure);
        processes.stop();
        await processes.exited;
      } catch (e) {
        processes.kill();
        throw e;
      }
    });
    const groupSpan = await appliedSpanSeconds(db.knex);
    ctx.out(
      `  consumer group (${groupLabel}): ${formatSeconds(consumed.seconds)} (first to last event applied ${formatSeconds(groupSpan)})`,
    );

    const baseline = perSecond(count, subscriptionSpan);
    const viaRelay = perSecond(count, relayed.seconds);
    const viaGroup = perSecond(count, groupSpan);
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
          measure: `projector: ${groupLabel}, topic → tables`,
          baseline: formatCount(baseline),
          ours: formatCount(viaGroup),
          ratio: formatRatio(viaGroup / baseline),
        },
      ],
      ctx.out,
    );
    ctx.out('baseline: the same read model applied by the in-process runner on the PostgreSQL subscription.');
    ctx.out('Projectors: first to last event applied (the group start is outside); relay: wall clock.');
    return 0;
  } finally {
    await db.close();
  }
}

/** Waits until the read table holds `count` rows; throws what `failed` returns, or after GROUP_TIMEOUT_MS. */
async function untilApplied(knex: Knex, count: number, failed: () => Error | null): Promise<void> {
  const deadline = Date.now() + GROUP_TIMEOUT_MS;
  while ((await appliedCount(knex)) < count) {
    const failure = failed();
    if (failure) throw failure;
    if (Date.now() > deadline) throw new Error(`the group did not apply ${count} events in time`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
