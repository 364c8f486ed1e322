import type { Knex } from 'knex';
import type { EventStore, Subscription, Upcaster } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { isSnapshotEvent, SNAPSHOT_EVENT_TYPES } from '../../schemas/events/snapshotEvents.ts';
import { applyBatch } from './applyBatch.ts';
import type { FollowersOf } from './jointPublication.ts';
import type { Projection } from './projection.ts';
import { ensureProjectionState, readCheckpoint, recordFailure } from './projectionState.ts';
import { resetProjection } from './resetProjection.ts';
import { type StoreCheckpointResult, storeCheckpoint } from './storeCheckpoint.ts';

/** One projection's subscription, its last committed position and the callers waiting on it. */
export interface ProjectionWorker {
  readonly projection: Projection;
  /** Position of the last batch this worker committed (or the checkpoint it started from). */
  readonly applied: bigint;
  /** Counts the committed batches that held a snapshot event: snapshot state may have changed. */
  readonly snapshotEpoch: number;
  /**
   * Whether a batch holding a snapshot event may be committing now (its commit sent, `snapshotEpoch` not yet
   * moved): snapshot state read meanwhile may change at any moment.
   */
  readonly snapshotCommitting: boolean;
  readonly running: boolean;
  /** Whether its last read reached the head of the log (false until it has read once). */
  readonly atHead: boolean;
  /** Why it stopped on its own: a handler failure or a checkpoint moved by another instance. */
  readonly failure: Error | null;
  /** Subscribes from the stored checkpoint; restarts a worker that stopped on a failure. */
  start(): Promise<void>;
  /** Stops the subscription after its current batch; callers still waiting are rejected. */
  stop(): Promise<void>;
  /** Resolves once every event up to `target` is committed; rejects if the worker fails or stops first. */
  waitFor(target: bigint): Promise<void>;
  /** Applies up to `head`: waits if running, else runs just long enough. */
  catchUp(head: bigint): Promise<void>;
  /** Reset (see resetProjection.ts), replay to the head, then stay live only when `resume`. */
  rebuild(opts: { resume: boolean }): Promise<void>;
  /**
   * Stores the position of the batches it skipped (nothing in them for this projection) since its last
   * commit, so that every process reads its real position from `projection_state`; never while a batch of
   * its own is being applied, and a compare-and-set as every checkpoint move.
   */
  storeSkipped(): Promise<void>;
}

interface Waiter {
  target: bigint;
  resolve(): void;
  reject(err: Error): void;
}

export function createProjectionWorker(deps: {
  knex: Knex;
  eventStore: EventStore;
  logger: Logger;
  projection: Projection;
  batchSize: number;
  /** The runner's upcaster, applied to every batch read (see SubscribeOptions.upcast). */
  upcast?: Upcaster;
  /** Awaited before each batch is applied (see Projection.deferred); a halt stops waiting on it. */
  gate?: () => Promise<void>;
  /** Called when `running` or `atHead` may have changed. */
  onState?: () => void;
  /** The projections reading the log together (see SubscribeOptions.readGroup). */
  readGroup?: string;
  /** The runner's read models following a register: a pass is published in all at once (jointPublication.ts). */
  followersOf?: FollowersOf;
}): ProjectionWorker {
  const { knex, eventStore, projection, batchSize, upcast } = deps;
  const logger = deps.logger.child({ projection: projection.name });
  let subscription: Subscription | null = null;
  let applied = 0n;
  // The checkpoint as stored: batches with nothing for this projection advance `applied` only (see below).
  let persisted = 0n;
  let snapshotEpoch = 0;
  let snapshotCommitting = false;
  let active = false;
  let failure: Error | null = null;
  let moved: StoreCheckpointResult | null = null;
  let failing: Promise<void> = Promise.resolve();
  let waiters: Waiter[] = [];
  let atHead = false;
  // Each subscription's number: a halted one's late callbacks change nothing, and its gate wait ends.
  let generation = 0;
  let halted: () => void = () => {};
  // A batch of this projection's own is being applied (or waits to be): the skipped position is not stored
  // meanwhile, and the batch waits for a store in flight, so that `persisted` is the checkpoint it moves from.
  let applyingBatch = false;
  let storingSkipped: Promise<void> = Promise.resolve();
  /** The last skipped position stored was refused (another instance moved the checkpoint): not tried again. */
  let skippedRefused = false;
  // What this projection reads: its handlers' events and the snapshot events (as the batch filter below).
  const handledTypes = new Set([...Object.keys(projection.handlers), ...SNAPSHOT_EVENT_TYPES]);

  const settle = () => {
    const due = waiters.filter((w) => applied >= w.target);
    waiters = waiters.filter((w) => applied < w.target);
    for (const w of due) w.resolve();
  };
  const rejectAll = (err: Error) => {
    const all = waiters;
    waiters = [];
    for (const w of all) w.reject(err);
  };

  const fail = async (err: unknown) => {
    const error = err instanceof Error ? err : new Error(String(err));
    failure = error;
    active = false;
    deps.onState?.();
    if (moved) {
      // Another instance owns the checkpoint now: its last_error is not ours to write.
      logger.error(
        { expected: applied.toString() },
        'checkpoint moved by another instance; projection stopped',
      );
    } else {
      logger.error({ err: error.message, position: applied.toString() }, 'projection failed; stopped');
      await recordFailure(knex, projection.name, error.message).catch((e: unknown) =>
        logger.warn({ err: (e as Error).message }, 'could not record the projection failure'),
      );
    }
    rejectAll(error);
  };

  const subscribeFrom = (from: bigint) => {
    applied = from;
    persisted = from;
    skippedRefused = false;
    failure = null;
    moved = null;
    active = true;
    atHead = false;
    const mine = ++generation;
    const halting = new Promise<void>((resolve) => {
      halted = resolve;
    });
    deps.onState?.();
    subscription = eventStore.subscribe({
      from,
      batchSize,
      ...(upcast ? { upcast } : {}),
      ...(deps.readGroup ? { readGroup: deps.readGroup } : {}),
      onEvents: async (events) => {
        // A batch holding nothing this projection handles (the served log's events, other registers) is
        // not written: re-reading it after a restart costs nothing, a transaction per batch per projection
        // on every paid request did.
        if (!events.some((e) => projection.handlers[e.type] || isSnapshotEvent(e.type))) {
          applied = events[events.length - 1]?.position ?? applied;
          settle();
          return;
        }
        applyingBatch = true;
        try {
          await storingSkipped;
          if (deps.gate) {
            await Promise.race([deps.gate(), halting]);
            // Halted while waiting: nothing applied; the next subscription reads the batch again.
            if (mine !== generation) return;
          }
          let result: StoreCheckpointResult;
          try {
            result = await applyBatch(knex, projection, events, persisted, {
              ...(deps.followersOf ? { followersOf: deps.followersOf } : {}),
              beforeSnapshotCommit: () => {
                snapshotCommitting = true;
              },
            });
          } finally {
            // Committed or not, snapshot state read from now on may differ from what was cached before.
            if (snapshotCommitting) snapshotEpoch++;
            snapshotCommitting = false;
          }
          if (!result.ok) {
            moved = result;
            throw new Error(result.message);
          }
          applied = result.position;
          persisted = result.position;
        } finally {
          applyingBatch = false;
        }
        settle();
      },
      onError: (err) => {
        failing = fail(err);
      },
      types: handledTypes,
      ...(projection.entities ? { entities: projection.entities } : {}),
      ...(projection.coalesce
        ? { coalesce: { ms: projection.coalesce.ms, types: new Set(projection.coalesce.types) } }
        : {}),
      onSkipped: (position) => {
        if (mine !== generation) return;
        applied = position;
        settle();
      },
      onRead: (read) => {
        if (mine !== generation || atHead === read.atHead) return;
        atHead = read.atHead;
        deps.onState?.();
      },
    });
  };

  /** Stops the subscription only; waiters stay (a rebuild satisfies them later). */
  const halt = async () => {
    const s = subscription;
    subscription = null;
    generation++;
    halted();
    atHead = false;
    deps.onState?.();
    if (s) await s.stop();
    await failing;
  };

  const worker: ProjectionWorker = {
    projection,
    get applied() {
      return applied;
    },
    get snapshotEpoch() {
      return snapshotEpoch;
    },
    get snapshotCommitting() {
      return snapshotCommitting;
    },
    get running() {
      return active;
    },
    get atHead() {
      return atHead;
    },
    get failure() {
      return failure;
    },
    async start() {
      if (active) return;
      await halt();
      await ensureProjectionState(knex, projection);
      const from = await readCheckpoint(knex, projection.name);
      subscribeFrom(from);
      logger.info({ position: from.toString() }, 'projection started');
    },
    async storeSkipped() {
      if (!active || applyingBatch || skippedRefused || applied <= persisted) return;
      const mine = generation;
      const from = persisted;
      const to = applied;
      const store = (async () => {
        const result = await storeCheckpoint(knex, projection.name, from, to);
        if (mine !== generation) return;
        if (result.ok) persisted = to;
        else {
          skippedRefused = true;
          logger.warn({ expected: from.toString() }, 'skipped position not stored: the checkpoint moved');
        }
      })();
      storingSkipped = store.catch(() => {});
      await store;
    },
    async stop() {
      // What it skipped since its last batch is stored first: the next holder, and every other process, read it.
      await worker
        .storeSkipped()
        .catch((err: Error) => logger.debug({ err: err.message }, 'skipped position not stored at stop'));
      active = false;
      await halt();
      rejectAll(new Error(`projection ${projection.name} was stopped`));
    },
    waitFor(target) {
      if (applied >= target) return Promise.resolve();
      if (failure) return Promise.reject(failure);
      if (!active) return Promise.reject(new Error(`projection ${projection.name} is not running`));
      // Somebody waits: a subscription letting appends gather reads now (its failure reaches `fail`).
      subscription?.reached(target).catch(() => undefined);
      return new Promise((resolve, reject) => {
        waiters.push({ target, resolve, reject });
      });
    },
    async catchUp(head) {
      if (active) return worker.waitFor(head);
      await worker.start();
      try {
        await worker.waitFor(head);
      } finally {
        await worker.stop();
      }
    },
    async rebuild({ resume }) {
      await halt();
      snapshotCommitting = true;
      try {
        await resetProjection(knex, projection);
      } finally {
        snapshotEpoch++;
        snapshotCommitting = false;
      }
      const head = await eventStore.headPosition();
      logger.info({ head: head.toString() }, 'projection reset; replaying');
      subscribeFrom(0n);
      try {
        await worker.waitFor(head);
      } finally {
        if (!resume) await worker.stop();
      }
    },
  };
  return worker;
}
