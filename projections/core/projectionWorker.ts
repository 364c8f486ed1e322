import type { Knex } from 'knex';
import type { EventStore, RecordedEvent, Subscription, Upcaster } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { ENTITIES_RECORDED, ENTITY_BLOCK_WEIGHT } from '../../schemas/events/entityBlockEvents.ts';
import { SNAPSHOT_EVENT_TYPES } from '../../schemas/events/snapshotEvents.ts';
import { applyBatch } from './applyBatch.ts';
import type { FollowersOf } from './jointPublication.ts';
import { actsOnAny, type Projection } from './projection.ts';
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
  /**
   * The same move, for a caller that stores several projections' at once (storeCheckpoints): null when none is
   * due; else reserved until `settle` is told whether it was stored (null: not known, the statement failed).
   */
  takeSkippedMove(): SkippedMove | null;
}

/** A move of a projection's checkpoint past the batches it skipped, from the stored position to `to`. */
export interface SkippedMove {
  name: string;
  from: bigint;
  to: bigint;
  settle(stored: boolean | null): void;
}

interface Waiter {
  target: bigint;
  resolve(): void;
  reject(err: Error): void;
}

/** What a worker is made of: the database, the log, the projection, and the runner's shared settings. */
export interface ProjectionWorkerDeps {
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
}

export function createProjectionWorker(deps: ProjectionWorkerDeps): ProjectionWorker {
  return new CheckpointedWorker(deps);
}

/** A projection's subscription and its checkpoint: each batch of its own applied with the checkpoint's move. */
class CheckpointedWorker implements ProjectionWorker {
  readonly projection: Projection;
  readonly #deps: ProjectionWorkerDeps;
  readonly #logger: Logger;
  #subscription: Subscription | null = null;
  #applied = 0n;
  // The checkpoint as stored: batches with nothing for this projection advance `applied` only (see below).
  #persisted = 0n;
  #snapshotEpoch = 0;
  #snapshotCommitting = false;
  #active = false;
  #failure: Error | null = null;
  #moved: StoreCheckpointResult | null = null;
  #failing: Promise<void> = Promise.resolve();
  #waiters: Waiter[] = [];
  #atHead = false;
  // Each subscription's number: a halted one's late callbacks change nothing, and its gate wait ends.
  #generation = 0;
  #halted: () => void = () => {};
  // A batch of this projection's own is being applied (or waits to be): the skipped position is not stored
  // meanwhile, and the batch waits for a store in flight, so that `persisted` is the checkpoint it moves from.
  #applyingBatch = false;
  #storingSkipped: Promise<void> = Promise.resolve();
  /** A skipped position is being stored (takeSkippedMove): no second store of the same move meanwhile. */
  #skippedInFlight = false;
  /** The last skipped position stored was refused (another instance moved the checkpoint): not tried again. */
  #skippedRefused = false;
  // What this projection reads: its handlers' events and the snapshot events (as the batch filter below).
  readonly #handledTypes: ReadonlySet<string>;

  constructor(deps: ProjectionWorkerDeps) {
    this.#deps = deps;
    this.projection = deps.projection;
    this.#logger = deps.logger.child({ projection: deps.projection.name });
    this.#handledTypes = new Set([...Object.keys(deps.projection.handlers), ...SNAPSHOT_EVENT_TYPES]);
  }

  get applied() {
    return this.#applied;
  }
  get snapshotEpoch() {
    return this.#snapshotEpoch;
  }
  get snapshotCommitting() {
    return this.#snapshotCommitting;
  }
  get running() {
    return this.#active;
  }
  get atHead() {
    return this.#atHead;
  }
  get failure() {
    return this.#failure;
  }

  async start(): Promise<void> {
    if (this.#active) return;
    await this.#halt();
    const { knex } = this.#deps;
    await ensureProjectionState(knex, this.projection);
    const from = await readCheckpoint(knex, this.projection.name);
    this.#subscribeFrom(from);
    this.#logger.info({ position: from.toString() }, 'projection started');
  }

  async storeSkipped(): Promise<void> {
    const move = this.takeSkippedMove();
    if (!move) return;
    let stored: boolean | null = null;
    try {
      stored = (await storeCheckpoint(this.#deps.knex, move.name, move.from, move.to)).ok;
    } finally {
      move.settle(stored);
    }
  }

  takeSkippedMove(): SkippedMove | null {
    if (
      !this.#active ||
      this.#applyingBatch ||
      this.#skippedInFlight ||
      this.#skippedRefused ||
      this.#applied <= this.#persisted
    )
      return null;
    const mine = this.#generation;
    const from = this.#persisted;
    const to = this.#applied;
    this.#skippedInFlight = true;
    let settle: (stored: boolean | null) => void = () => {};
    this.#storingSkipped = new Promise<void>((resolve) => {
      settle = (stored) => {
        this.#skippedInFlight = false;
        if (mine === this.#generation && stored === true) this.#persisted = to;
        else if (mine === this.#generation && stored === false) {
          this.#skippedRefused = true;
          this.#logger.warn(
            { expected: from.toString() },
            'skipped position not stored: the checkpoint moved',
          );
        }
        resolve();
      };
    });
    return { name: this.projection.name, from, to, settle };
  }

  async stop(): Promise<void> {
    // What it skipped since its last batch is stored first: the next holder, and every other process, read it.
    await this.storeSkipped().catch((err: Error) =>
      this.#logger.debug({ err: err.message }, 'skipped position not stored at stop'),
    );
    this.#active = false;
    await this.#halt();
    this.#rejectAll(new Error(`projection ${this.projection.name} was stopped`));
  }

  waitFor(target: bigint): Promise<void> {
    if (this.#applied >= target) return Promise.resolve();
    if (this.#failure) return Promise.reject(this.#failure);
    if (!this.#active) return Promise.reject(new Error(`projection ${this.projection.name} is not running`));
    // Somebody waits: a subscription letting appends gather reads now (its failure reaches `fail`).
    this.#subscription?.reached(target).catch(() => undefined);
    return new Promise((resolve, reject) => {
      this.#waiters.push({ target, resolve, reject });
    });
  }

  async catchUp(head: bigint): Promise<void> {
    if (this.#active) return this.waitFor(head);
    await this.start();
    try {
      await this.waitFor(head);
    } finally {
      await this.stop();
    }
  }

  async rebuild({ resume }: { resume: boolean }): Promise<void> {
    await this.#halt();
    this.#snapshotCommitting = true;
    try {
      await resetProjection(this.#deps.knex, this.projection);
    } finally {
      this.#snapshotEpoch++;
      this.#snapshotCommitting = false;
    }
    const head = await this.#deps.eventStore.headPosition();
    this.#logger.info({ head: head.toString() }, 'projection reset; replaying');
    this.#subscribeFrom(0n);
    try {
      await this.waitFor(head);
    } finally {
      if (!resume) await this.stop();
    }
  }

  #settle(): void {
    const due = this.#waiters.filter((w) => this.#applied >= w.target);
    this.#waiters = this.#waiters.filter((w) => this.#applied < w.target);
    for (const w of due) w.resolve();
  }

  #rejectAll(err: Error): void {
    const all = this.#waiters;
    this.#waiters = [];
    for (const w of all) w.reject(err);
  }

  async #fail(err: unknown): Promise<void> {
    const error = err instanceof Error ? err : new Error(String(err));
    this.#failure = error;
    this.#active = false;
    this.#deps.onState?.();
    if (this.#moved) {
      // Another instance owns the checkpoint now: its last_error is not ours to write.
      this.#logger.error(
        { expected: this.#applied.toString() },
        'checkpoint moved by another instance; projection stopped',
      );
    } else {
      this.#logger.error(
        { err: error.message, position: this.#applied.toString() },
        'projection failed; stopped',
      );
      await recordFailure(this.#deps.knex, this.projection.name, error.message).catch((e: unknown) =>
        this.#logger.warn({ err: (e as Error).message }, 'could not record the projection failure'),
      );
    }
    this.#rejectAll(error);
  }

  #subscribeFrom(from: bigint): void {
    const deps = this.#deps;
    const { projection } = this;
    this.#applied = from;
    this.#persisted = from;
    this.#skippedRefused = false;
    this.#failure = null;
    this.#moved = null;
    this.#active = true;
    this.#atHead = false;
    const mine = ++this.#generation;
    const halting = new Promise<void>((resolve) => {
      this.#halted = resolve;
    });
    deps.onState?.();
    this.#subscription = deps.eventStore.subscribe({
      from,
      batchSize: deps.batchSize,
      ...(deps.upcast ? { upcast: deps.upcast } : {}),
      ...(deps.readGroup ? { readGroup: deps.readGroup } : {}),
      onEvents: (events) => this.#onEvents(events, mine, halting),
      onError: (err) => {
        this.#failing = this.#fail(err);
      },
      types: this.#handledTypes,
      ...(projection.entities ? { entities: projection.entities } : {}),
      // A block event holds many rows: a batch takes a few blocks, not batchSize of them.
      weights: { [ENTITIES_RECORDED]: ENTITY_BLOCK_WEIGHT },
      ...(projection.coalesce
        ? { coalesce: { ms: projection.coalesce.ms, types: new Set(projection.coalesce.types) } }
        : {}),
      onSkipped: (position) => {
        if (mine !== this.#generation) return;
        this.#applied = position;
        this.#settle();
      },
      onRead: (read) => {
        if (mine !== this.#generation || this.#atHead === read.atHead) return;
        this.#atHead = read.atHead;
        deps.onState?.();
      },
    });
  }

  /** A batch the subscription read: applied with the checkpoint's move, or passed over when nothing is ours. */
  async #onEvents(events: RecordedEvent[], mine: number, halting: Promise<void>): Promise<void> {
    const { projection } = this;
    // A batch holding nothing this projection handles (the served log's events, other registers) is
    // not written: re-reading it after a restart costs nothing, a transaction per batch per projection
    // on every paid request did.
    // Nor is one whose events of its types are none its handlers act on (Projection.acts).
    if (!actsOnAny(projection, events)) {
      this.#applied = events[events.length - 1]?.position ?? this.#applied;
      this.#settle();
      return;
    }
    this.#applyingBatch = true;
    try {
      await this.#storingSkipped;
      if (this.#deps.gate) {
        await Promise.race([this.#deps.gate(), halting]);
        // Halted while waiting: nothing applied; the next subscription reads the batch again.
        if (mine !== this.#generation) return;
      }
      const result = await this.#apply(events);
      if (!result.ok) {
        this.#moved = result;
        throw new Error(result.message);
      }
      this.#applied = result.position;
      this.#persisted = result.position;
    } finally {
      this.#applyingBatch = false;
    }
    this.#settle();
  }

  /** Applies a batch of its own from the stored checkpoint; a batch with a snapshot event moves the epoch. */
  async #apply(events: RecordedEvent[]): Promise<StoreCheckpointResult> {
    try {
      return await applyBatch(this.#deps.knex, this.projection, events, this.#persisted, {
        ...(this.#deps.followersOf ? { followersOf: this.#deps.followersOf } : {}),
        beforeSnapshotCommit: () => {
          this.#snapshotCommitting = true;
        },
      });
    } finally {
      // Committed or not, snapshot state read from now on may differ from what was cached before.
      if (this.#snapshotCommitting) this.#snapshotEpoch++;
      this.#snapshotCommitting = false;
    }
  }

  /** Stops the subscription only; waiters stay (a rebuild satisfies them later). */
  async #halt(): Promise<void> {
    const s = this.#subscription;
    this.#subscription = null;
    this.#generation++;
    this.#halted();
    this.#atHead = false;
    this.#deps.onState?.();
    if (s) await s.stop();
    await this.#failing;
  }
}
