import v8 from 'node:v8';
import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { createValuesExpander } from './entityValuesUpcaster.ts';
import { ForegroundGate } from './foregroundGate.ts';
import type { Projection } from './projection.ts';
import { readProjectionStates } from './projectionState.ts';
import { createProjectionWorker, type ProjectionWorker } from './projectionWorker.ts';
import type { ProjectorLock } from './projectorLock.ts';
import { storeCheckpoints } from './storeCheckpoint.ts';

/** The deferred projections of a runner read the log as one group (see SubscribeOptions.readGroup). */
const DEFERRED_READ_GROUP = 'deferred';

/**
 * How far V8 lets the old generation grow past what a full collection left alive, in percent, in a process
 * that projects. Projecting a bulk pass keeps little alive (65-114 MiB after a forced full collection, at any
 * point of a 1 M-row Sirene pass) but promotes every batch it holds across its statements; left to its own
 * growing factor (up to 4x under a high allocation rate) V8 let that garbage reach 430 MiB of heap before
 * collecting it, the projecting process 632-677 MiB of RSS (bench sirene, issue 50; 555 MiB with batches of five
 * blocks, ENTITY_BLOCK_WEIGHT). At 100 (2x) a full collection comes sooner: 450 MiB, the projecting process's
 * CPU unchanged (31.4 s against 30.3-34.5 s, loaded). It is set when a runner is created, for the whole process
 * (V8 reads the flag whenever it sets the next limit). At 50: 385 MiB, but a replay of the pass took a fifth more
 * of the process's CPU (36.0 s against 29.7 s).
 */
const HEAP_GROWING_PERCENT = 100;

/** How often the positions of batches a projection skipped are stored (see ProjectionWorker.storeSkipped). */
const SKIPPED_POSITION_STORE_MS = 1000;

export interface ProjectionStatus {
  name: string;
  position: bigint;
  head: bigint;
  lag: bigint;
  lastError: string | null;
}

/** `active`: this process applies the log; `standby`: another process holds the projector lock. */
export type ProjectorMode = 'active' | 'standby' | 'stopped';

export interface ProjectionRunner {
  /**
   * One catch-up-then-live subscription per projection, each from its checkpoint. With a projector lock held by
   * another process, the runner stands by instead and tries the lock again every `standbyRetryMs`.
   */
  start(): Promise<void>;
  /** Stops every subscription after its current batch (and gives the projector lock back). */
  stop(): Promise<void>;
  /** Whether this process applies the log now. */
  mode(): ProjectorMode;
  /**
   * Resolves when every projection has committed every event up to `position` (default: the head now).
   * Rejects if a projection fails, is stopped, or is not running; projections this process is starting (it has
   * just taken the projector lock) are waited for.
   */
  caughtUp(position?: bigint): Promise<void>;
  /** Applies up to the current head and returns; a projection not running is started and stopped again. */
  catchUp(name?: string): Promise<void>;
  /** Truncate, reset, replay to the head; the projection stays live afterwards if the runner is started. */
  rebuild(name: string): Promise<void>;
  status(): Promise<ProjectionStatus[]>;
  /** Changes whenever a projection of this runner may have changed its snapshot state (a rebuild included). */
  snapshotFingerprint(): string;
  /**
   * Whether this runner may be committing a change of snapshot state right now: what is read meanwhile cannot
   * be vouched for by `snapshotFingerprint` alone.
   */
  snapshotCommitting(): boolean;
}

/**
 * The read side's engine: each batch of events is applied in one transaction with a compare-and-set of the
 * projection's checkpoint (see applyBatch.ts), so every event is applied exactly once and a second instance
 * stops instead of overwriting. Migrations are not run here: see `projectionMigrationsFor` in schema.ts.
 */
export function createProjectionRunner(deps: {
  knex: Knex;
  eventStore: EventStore;
  logger: Logger;
  projections: readonly Projection[];
  batchSize?: number;
  /** Several processes on one database: only the lock's holder projects (see projectorLock.ts). */
  lock?: ProjectorLock;
  /** How often a standing-by runner tries the lock again (ms; default 5000). */
  standbyRetryMs?: number;
}): ProjectionRunner {
  const { knex, eventStore } = deps;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  const logger = deps.logger.child({ component: 'projection-runner' });
  const names = uniqueNames(deps.projections);
  const workers = createWorkers({ ...deps, logger });
  let started = false;
  let mode: ProjectorMode = 'stopped';
  // The positions of batches skipped by a projection are stored every second: every process, whatever its
  // role, reads the projections' real positions from projection_state (/health, the lag metrics).
  let skippedTimer: NodeJS.Timeout | null = null;
  const storeSkipped = () => {
    if (mode === 'active') storeSkippedPositions(knex, workers, logger);
  };
  let retry: NodeJS.Timeout | null = null;
  const standbyRetryMs = deps.standbyRetryMs ?? 5000;

  // The workers' start under way (a takeover's): a wait for a position waits for it instead of finding them
  // not yet running.
  let starting: Promise<unknown> = Promise.resolve();
  const startWorkers = async () => {
    mode = 'active';
    starting = Promise.all(workers.map((w) => w.start()));
    await starting;
  };
  /** Takes the lock (or none is configured) and projects; else stands by and tries again later. */
  const activateOrStandBy = async (): Promise<void> => {
    if (!started) return;
    const holds = await holdsLock(deps.lock, logger);
    if (!started) {
      await deps.lock?.release();
      return;
    }
    if (holds) {
      if (mode === 'standby') logger.info('projector lock taken: this process projects now');
      await startWorkers();
      return;
    }
    if (mode !== 'standby')
      logger.info({ retryMs: standbyRetryMs }, 'another process runs the projections: standing by');
    standBy();
  };
  const standBy = () => {
    if (!started || retry) return;
    mode = 'standby';
    retry = setTimeout(() => {
      retry = null;
      activateOrStandBy().catch((err: Error) =>
        logger.error({ err: err.message }, 'projector could not take over'),
      );
    }, standbyRetryMs);
    retry.unref();
  };
  deps.lock?.onLost(() => {
    if (!started || mode !== 'active') return;
    // Another process may take over at once: stop after the current batches (their checkpoint
    // compare-and-set refuses anything already applied by the new holder), then stand by.
    // It tries again only after a retry period, leaving the others standing by a chance to take over.
    mode = 'standby';
    void Promise.all(workers.map((w) => w.stop()))
      .then(() => standBy())
      .catch((err: Error) => logger.error({ err: err.message }, 'projector could not stand by'));
  });

  const workerNamed = (name: string) => namedWorker(workers, name);

  return {
    async start() {
      // Standing by already: the retry timer takes over. Active: restarts the workers that stopped on a failure.
      if (started && mode === 'standby') return;
      started = true;
      if (!skippedTimer) {
        skippedTimer = setInterval(storeSkipped, SKIPPED_POSITION_STORE_MS);
        skippedTimer.unref();
      }
      if (mode === 'active') await startWorkers();
      else await activateOrStandBy();
    },
    async stop() {
      started = false;
      mode = 'stopped';
      if (skippedTimer) clearInterval(skippedTimer);
      skippedTimer = null;
      if (retry) clearTimeout(retry);
      retry = null;
      await Promise.all(workers.map((w) => w.stop()));
      await deps.lock?.release();
    },
    mode: () => mode,
    snapshotFingerprint: () => fingerprintOf(workers),
    snapshotCommitting: () => workers.some((w) => w.snapshotCommitting),
    async caughtUp(position) {
      const target = position ?? (await eventStore.headPosition());
      if (mode === 'active') await starting.catch(() => undefined);
      await Promise.all(workers.map((w) => w.waitFor(target)));
    },
    async catchUp(name) {
      const selected = name === undefined ? workers : [workerNamed(name)];
      const head = await eventStore.headPosition();
      await Promise.all(selected.map((w) => w.catchUp(head)));
    },
    async rebuild(name) {
      await workerNamed(name).rebuild({ resume: started });
    },
    async status() {
      const head = await eventStore.headPosition();
      return statusOf(workers, await readProjectionStates(knex, [...names]), head);
    },
  };
}

/** The projections' names, each once. */
function uniqueNames(projections: readonly Projection[]): Set<string> {
  const names = new Set<string>();
  for (const p of projections) {
    if (names.has(p.name)) throw new Error(`projection name used twice: ${p.name}`);
    names.add(p.name);
  }
  return names;
}

/**
 * One worker per projection, sharing the read side's upcaster; the deferred read models wait behind the
 * others' gate and read the log together.
 */
function createWorkers(deps: {
  knex: Knex;
  eventStore: EventStore;
  logger: Logger;
  projections: readonly Projection[];
  batchSize?: number;
}): ProjectionWorker[] {
  const { knex, eventStore, logger } = deps;
  // The read side owns the shapes it reads: Sirene's entity rows, stored as values, are upcast to records.
  const upcast = createValuesExpander(knex);
  const gate = new ForegroundGate();
  const followersOf = (register: string) => deps.projections.filter((p) => p.registers.includes(register));
  const workers = deps.projections.map((projection) =>
    createProjectionWorker({
      knex,
      eventStore,
      logger,
      projection,
      batchSize: deps.batchSize ?? 500,
      upcast,
      // The deferred read models each read the whole of a large pass after the others: they read it together.
      ...(projection.deferred ? { gate: () => gate.open(), readGroup: DEFERRED_READ_GROUP } : {}),
      onState: () => gate.check(),
      followersOf,
    }),
  );
  gate.watch(workers.filter((w) => !w.projection.deferred));
  return workers;
}

/**
 * Every worker stores the position of the batches it skipped since its last commit, all in one statement: a
 * served answer's append moves every projection past it, and one statement each every second ran on the
 * embedded database's only thread, in the middle of the answers (bench fr-live).
 */
function storeSkippedPositions(knex: Knex, workers: readonly ProjectionWorker[], logger: Logger): void {
  const moves = workers.map((w) => w.takeSkippedMove()).filter((m) => m !== null);
  if (moves.length === 0) return;
  storeCheckpoints(knex, moves).then(
    (stored) => {
      for (const m of moves) m.settle(stored.has(m.name));
    },
    (err: Error) => {
      for (const m of moves) m.settle(null);
      logger.debug({ err: err.message, projections: moves.length }, 'skipped positions not stored');
    },
  );
}

/** Each projection's position, lag behind the log's head and last error. */
function statusOf(
  workers: readonly ProjectionWorker[],
  states: Awaited<ReturnType<typeof readProjectionStates>>,
  head: bigint,
): ProjectionStatus[] {
  return workers.map((w) => {
    const state = states.find((s) => s.name === w.projection.name);
    // A running worker may be ahead of its stored checkpoint by batches it had nothing to do with.
    const stored = state?.position ?? 0n;
    const position = w.running && w.applied > stored ? w.applied : stored;
    return {
      name: w.projection.name,
      position,
      head,
      lag: head > position ? head - position : 0n,
      lastError: w.failure?.message ?? state?.lastError ?? null,
    };
  });
}

/** Whether this process holds the projector lock now (always, without one); an unreachable lock is not held. */
async function holdsLock(lock: ProjectorLock | undefined, logger: Logger): Promise<boolean> {
  if (!lock) return true;
  try {
    return await lock.tryAcquire();
  } catch (err) {
    logger.warn({ err: (err as Error).message }, 'projector lock unreachable; trying again');
    return false;
  }
}

function namedWorker(workers: readonly ProjectionWorker[], name: string): ProjectionWorker {
  const w = workers.find((x) => x.projection.name === name);
  if (!w) throw new Error(`unknown projection: ${name}`);
  return w;
}

/** Each worker's epoch only grows, so their sum changes whenever one does (read on every priced request). */
function fingerprintOf(workers: readonly ProjectionWorker[]): string {
  let sum = 0;
  for (const w of workers) sum += w.snapshotEpoch;
  return String(sum);
}
