import type { Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import type { Knex } from 'knex';
import { decodeRecord, type TopicRecord } from '../../ops/bus/kafka/eventRecords.ts';
import { partitionCount } from '../../ops/bus/kafka/topic.ts';
import type { RecordedEvent, Upcaster } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { isSnapshotEvent } from '../../schemas/events/snapshotEvents.ts';
import { applyBatch } from './applyBatch.ts';
import { createValuesExpander } from './entityValuesUpcaster.ts';
import type { FollowersOf } from './jointPublication.ts';
import { actsOnAny, type Projection } from './projection.ts';
import { ensureProjectionState, recordFailure } from './projectionState.ts';
import type { StoreCheckpointResult } from './storeCheckpoint.ts';

/**
 * The read side fed by the Kafka topic the relay writes (ops/bus/kafka/relay.ts) instead of the PostgreSQL
 * subscription: `serve --role projector --bus kafka`. Every projector process is a member of one consumer
 * group; the partitions are shared among them and move when one stops or dies.
 *
 * - Checkpoints: per projection and partition (`bus_projector_checkpoints`): "every event of this partition
 *   up to this log position is applied". Each run of a partition's records is applied by applyBatch in one
 *   transaction with the compare-and-set of that checkpoint, so a record delivered twice (a rebalance, a
 *   crash before the consumer's offset was committed) or to a member the group has already replaced changes
 *   nothing: every event is applied once.
 * - Barriers: the snapshot passes' frames must be applied in the log's global order (a pass's entity events
 *   are staged or applied depending on them), and so must the types a read model names (Projection.globalOrder). The relay writes a copy in every partition; a partition's
 *   reader stops at its copy with its checkpoint just before it, the barrier is applied by its home
 *   partition's reader once every partition is there, and the others move past it after. No reader waits
 *   inside the consumer: a partition not ready is paused and tried again.
 * - Watermark: a projection's `projection_state.position` is kept at the lowest of its partitions'
 *   checkpoints (everything up to it is applied), so /health, the freshness and the lag read as before.
 */
export interface BusProjector {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The group's partitions this member holds now. */
  assigned(): number[];
  /** Of those, the ones stopped at a barrier now. */
  paused(): number[];
}

export interface BusProjectorDeps {
  knex: Knex;
  kafka: Kafka;
  topic: string;
  groupId: string;
  projections: readonly Projection[];
  logger: Logger;
  /** How long a partition stopped at a barrier waits before it looks again (ms, default 200). */
  barrierRetryMs?: number;
  /** How long `start` waits for the relay to create the topic (ms, default 60 s). */
  topicWaitMs?: number;
}

export function createBusProjector(deps: BusProjectorDeps): BusProjector {
  const { knex, topic } = deps;
  const logger = deps.logger.child({ component: 'bus-projector', topic, group: deps.groupId });
  const names = deps.projections.map((p) => p.name);
  const upcast: Upcaster = createValuesExpander(knex);
  const followersOf: FollowersOf = (register) =>
    deps.projections.filter((p) => p.registers.includes(register));
  const retryMs = deps.barrierRetryMs ?? 200;
  let consumer: Consumer | null = null;
  let held: number[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let watchdog: NodeJS.Timeout | null = null;

  const checkpoints = new PartitionCheckpoints(knex, topic);

  /** Applies a run of one partition's records (events and marks, no barrier) to every projection. */
  const applyRecords = async (partition: number, records: readonly TopicRecord[]) => {
    const target = records.at(-1)!.position;
    const read = records.flatMap((r) => (r.event ? [r.event] : []));
    const events = read.length > 0 ? await upcast(read) : [];
    for (const projection of deps.projections) {
      await untilStored(() =>
        applyUpTo(knex, projection, checkpoints, partition, events, target, followersOf),
      );
    }
  };

  /** True when the partition's reader may go past the barrier (applied, by it or its home partition's reader). */
  const passBarrier = async (partition: number, barrier: TopicRecord): Promise<boolean> => {
    const b = barrier.position;
    for (const projection of deps.projections) {
      await untilStored(() => applyUpTo(knex, projection, checkpoints, partition, [], b - 1n, followersOf));
    }
    if ((await checkpoints.lowest(names)) < b - 1n) return false;
    if (partition === barrier.home) {
      const [event] = await upcast([barrier.event!]);
      for (const projection of deps.projections) {
        await untilStored(() =>
          applyUpTo(knex, projection, checkpoints, partition, [event!], b, followersOf),
        );
      }
      return true;
    }
    if ((await checkpoints.lowestOf(names, barrier.home!)) < b) return false;
    for (const projection of deps.projections) {
      await untilStored(() => applyUpTo(knex, projection, checkpoints, partition, [], b, followersOf));
    }
    return true;
  };

  const eachBatch = async (payload: EachBatchPayload) => {
    const { batch, resolveOffset, heartbeat, isRunning, isStale } = payload;
    const partition = batch.partition;
    let run: TopicRecord[] = [];
    let runEnd: string | null = null;
    const flush = async () => {
      if (run.length === 0) return;
      await applyRecords(partition, run);
      resolveOffset(runEnd!);
      run = [];
      await heartbeat();
    };
    for (const message of batch.messages) {
      if (!isRunning() || isStale()) break;
      const record = decodeRecord(message);
      if (record.kind !== 'barrier') {
        run.push(record);
        runEnd = message.offset;
        continue;
      }
      await flush();
      if (!(await passBarrier(partition, record))) {
        // Stopped at the barrier: read again from it a little later, without holding the consumer. Its offset
        // is not resolved: the next fetch of the partition starts with it (kafkajs fetches from the resolved
        // offsets; a seek would also commit, with a generation a rebalance may have ended).
        logger.debug({ partition, barrier: record.position.toString() }, 'waiting at a barrier');
        const resume = payload.pause();
        const timer = setTimeout(() => {
          timers.delete(timer);
          resume();
        }, retryMs);
        timers.add(timer);
        return;
      }
      resolveOffset(message.offset);
      await heartbeat();
    }
    await flush();
  };

  return {
    assigned: () => [...held],
    paused: () => consumer?.paused().flatMap((t) => t.partitions) ?? [],
    async start() {
      const admin = deps.kafka.admin();
      await admin.connect();
      let partitions: number;
      try {
        partitions = await waitForTopic(admin, topic, deps.topicWaitMs ?? 60_000);
      } finally {
        await admin.disconnect();
      }
      for (const projection of deps.projections) {
        await ensureProjectionState(knex, projection);
        await checkpoints.ensure(projection.name, partitions);
      }
      consumer = deps.kafka.consumer({
        groupId: deps.groupId,
        sessionTimeout: 10_000,
        rebalanceTimeout: 10_000,
        heartbeatInterval: 1000,
        maxWaitTimeInMs: 250,
      });
      consumer.on(consumer.events.GROUP_JOIN, (e) => {
        held = (e.payload.memberAssignment[topic] ?? []).slice().sort((a, b) => a - b);
        logger.info({ partitions: held }, 'partitions assigned');
      });
      // A partition paused at a barrier is resumed by its timer; should a rebalance or a restart of the
      // consumer have lost that timer's effect, no partition stays paused longer than this.
      watchdog = setInterval(() => {
        const paused = consumer?.paused() ?? [];
        if (paused.length > 0 && timers.size === 0) consumer?.resume(paused);
      }, 2000);
      watchdog.unref();
      await consumer.connect();
      await consumer.subscribe({ topic, fromBeginning: true });
      await consumer.run({
        eachBatchAutoResolve: false,
        partitionsConsumedConcurrently: partitions,
        eachBatch: async (payload) => {
          try {
            await eachBatch(payload);
          } catch (err) {
            // The group's own errors (a rebalance under way) are kafkajs's to handle: it rejoins.
            if ((err as Error).name?.startsWith('KafkaJS')) throw err;
            const message = (err as Error).message;
            logger.error({ err: message, partition: payload.batch.partition }, 'projection failed');
            for (const name of names) await recordFailure(knex, name, message).catch(() => undefined);
            throw err;
          }
        },
      });
    },
    async stop() {
      if (watchdog) clearInterval(watchdog);
      watchdog = null;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await consumer?.disconnect();
      consumer = null;
      held = [];
    },
  };
}

/** Retries a checkpoint move refused because another member moved it meanwhile: it starts from there. */
async function untilStored(step: () => Promise<StoreCheckpointResult>): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    if ((await step()).ok) return;
  }
  throw new Error('checkpoint kept moving under this member: another member holds the partition');
}

/**
 * Applies to one projection the events of a partition it has not applied yet (after its checkpoint), and
 * moves the checkpoint to `target` with them, in one transaction; only the checkpoint moves when none is
 * the projection's.
 */
async function applyUpTo(
  knex: Knex,
  projection: Projection,
  checkpoints: PartitionCheckpoints,
  partition: number,
  events: readonly RecordedEvent[],
  target: bigint,
  followersOf: FollowersOf,
): Promise<StoreCheckpointResult> {
  const expected = await checkpoints.read(projection.name, partition);
  if (expected >= target) return { ok: true, position: expected };
  const mine = events.filter((e) => e.position > expected && handles(projection, e));
  // Events of its types none of which it acts on (Projection.acts): only the checkpoint moves, as in-process.
  const move = (trx: Knex | Knex.Transaction, from: bigint) =>
    checkpoints.move(trx, projection.name, partition, from, target);
  // Under the projection's lock like a batch: two partitions' moves in concurrent transactions would each
  // compute the watermark without the other's checkpoint, and leave it below both (read committed).
  if (!actsOnAny(projection, mine)) {
    return knex.transaction(async (trx) => {
      await lockProjection(trx, projection.name);
      return move(trx, expected);
    });
  }
  return applyBatch(knex, projection, mine, expected, {
    followersOf,
    checkpoint: (trx, from) => move(trx, from),
    begin: (trx) => lockProjection(trx, projection.name),
  });
}

/**
 * One projection's batches are applied one at a time, whichever partition and member they come from: a read
 * model may derive a row from rows other streams' events write (Latvia's company status from its
 * liquidations), which its handlers recompute after each change, so the order of the batches does not matter,
 * but two batches in concurrent transactions would each miss the other's rows. Different projections still
 * run side by side. Held until the transaction ends.
 */
async function lockProjection(trx: Knex.Transaction, projection: string): Promise<void> {
  await trx.raw("select pg_advisory_xact_lock(hashtext('registres bus projector'), hashtext(?))", [
    projection,
  ]);
}

/** What the PostgreSQL subscription would hand the projection (its types, its entities, every frame). */
function handles(projection: Projection, event: RecordedEvent): boolean {
  if (!projection.handlers[event.type]) return isSnapshotEvent(event.type);
  const entities = projection.entities;
  if (!entities?.types.includes(event.type)) return true;
  const data = event.data as { register?: string; kind?: string } | null;
  return entities.of.some((e) => e.register === data?.register && e.kind === data?.kind);
}

/** The per-partition checkpoints of `bus_projector_checkpoints`, and the watermark they keep. */
class PartitionCheckpoints {
  constructor(
    private readonly knex: Knex,
    private readonly topic: string,
  ) {}

  /** One row per partition, starting where the projection's single checkpoint is (what it applied already). */
  async ensure(projection: string, partitions: number): Promise<void> {
    await this.knex.raw(
      `insert into bus_projector_checkpoints (projection, topic, topic_partition, position, updated_at)
       select ?, ?, p, coalesce((select position from projection_state where name = ?), 0), now()
         from generate_series(0, ? - 1) as p
       on conflict do nothing`,
      [projection, this.topic, projection, partitions],
    );
  }

  async read(projection: string, partition: number): Promise<bigint> {
    const { rows } = await this.knex.raw<{ rows: { position: string }[] }>(
      'select position from bus_projector_checkpoints where projection = ? and topic = ? and topic_partition = ?',
      [projection, this.topic, partition],
    );
    return BigInt(rows[0]?.position ?? '0');
  }

  /** The lowest checkpoint of these projections over every partition. */
  async lowest(projections: readonly string[]): Promise<bigint> {
    const { rows } = await this.knex.raw<{ rows: { p: string | null }[] }>(
      'select min(position) as p from bus_projector_checkpoints where topic = ? and projection = any(?::text[])',
      [this.topic, [...projections]],
    );
    return BigInt(rows[0]?.p ?? '0');
  }

  /** The lowest checkpoint of these projections in one partition. */
  async lowestOf(projections: readonly string[], partition: number): Promise<bigint> {
    const { rows } = await this.knex.raw<{ rows: { p: string | null }[] }>(
      `select min(position) as p from bus_projector_checkpoints
        where topic = ? and topic_partition = ? and projection = any(?::text[])`,
      [this.topic, partition, [...projections]],
    );
    return BigInt(rows[0]?.p ?? '0');
  }

  /**
   * Compare-and-set of one partition's checkpoint, then the projection's watermark (projection_state) raised
   * to the lowest of its partitions', in the caller's transaction.
   */
  async move(
    trx: Knex | Knex.Transaction,
    projection: string,
    partition: number,
    expected: bigint,
    next: bigint,
  ): Promise<StoreCheckpointResult> {
    const updated = await trx.raw<{ rowCount: number | null }>(
      `update bus_projector_checkpoints set position = ?, updated_at = now()
        where projection = ? and topic = ? and topic_partition = ? and position = ?`,
      [next.toString(), projection, this.topic, partition, expected.toString()],
    );
    if (updated.rowCount !== 1)
      return {
        ok: false,
        error: 'checkpoint_moved',
        name: projection,
        expected,
        message: `checkpoint of projection ${projection} on partition ${partition} is no longer at ${expected}`,
      };
    await trx.raw(
      `update projection_state s set position = w.low, updated_at = now(), last_error = null
         from (select min(position) as low from bus_projector_checkpoints where projection = ? and topic = ?) w
        where s.name = ? and s.position < w.low`,
      [projection, this.topic, projection],
    );
    return { ok: true, position: next };
  }
}

async function waitForTopic(
  admin: ReturnType<Kafka['admin']>,
  topic: string,
  timeoutMs: number,
): Promise<number> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if ((await admin.listTopics()).includes(topic)) return partitionCount(admin, topic);
    if (Date.now() > until) throw new Error(`topic ${topic} does not exist (is the relay running?)`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}
