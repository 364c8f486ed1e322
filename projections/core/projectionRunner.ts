import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { createValuesExpander } from './entityValuesUpcaster.ts';
import type { Projection } from './projection.ts';
import { readProjectionStates } from './projectionState.ts';
import { createProjectionWorker, type ProjectionWorker } from './projectionWorker.ts';

export interface ProjectionStatus {
  name: string;
  position: bigint;
  head: bigint;
  lag: bigint;
  lastError: string | null;
}

export interface ProjectionRunner {
  /** One catch-up-then-live subscription per projection, each from its checkpoint. */
  start(): Promise<void>;
  /** Stops every subscription after its current batch. */
  stop(): Promise<void>;
  /**
   * Resolves when every projection has committed every event up to `position` (default: the head now).
   * Rejects if a projection fails, is stopped, or is not running.
   */
  caughtUp(position?: bigint): Promise<void>;
  /** Applies up to the current head and returns; a projection not running is started and stopped again. */
  catchUp(name?: string): Promise<void>;
  /** Truncate, reset, replay to the head; the projection stays live afterwards if the runner is started. */
  rebuild(name: string): Promise<void>;
  status(): Promise<ProjectionStatus[]>;
  /** Changes whenever a projection of this runner may have changed its snapshot state (a rebuild included). */
  snapshotFingerprint(): string;
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
}): ProjectionRunner {
  const { knex, eventStore } = deps;
  const logger = deps.logger.child({ component: 'projection-runner' });
  const names = new Set<string>();
  for (const p of deps.projections) {
    if (names.has(p.name)) throw new Error(`projection name used twice: ${p.name}`);
    names.add(p.name);
  }
  // The read side owns the shapes it reads: Sirene's entity rows, stored as values, are upcast to records.
  const upcast = createValuesExpander(knex);
  const workers = deps.projections.map((projection) =>
    createProjectionWorker({
      knex,
      eventStore,
      logger,
      projection,
      batchSize: deps.batchSize ?? 500,
      upcast,
    }),
  );
  let started = false;

  const workerNamed = (name: string): ProjectionWorker => {
    const w = workers.find((x) => x.projection.name === name);
    if (!w) throw new Error(`unknown projection: ${name}`);
    return w;
  };

  return {
    async start() {
      started = true;
      await Promise.all(workers.map((w) => w.start()));
    },
    async stop() {
      started = false;
      await Promise.all(workers.map((w) => w.stop()));
    },
    snapshotFingerprint() {
      return workers.map((w) => `${w.snapshotEpoch}`).join(',');
    },
    async caughtUp(position) {
      const target = position ?? (await eventStore.headPosition());
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
      const states = await readProjectionStates(knex, [...names]);
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
    },
  };
}
