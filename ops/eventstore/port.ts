/**
 * The event log port. Everything outside `ops/eventstore/` imports this file only; adapters implement it
 * (PostgreSQL by default, EventStoreDB when EVENTSTORE_URL is set).
 */

/** What a writer hands to the log. `data` is the upstream record as published, with the source's field names. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata?: EventMetadata;
  /**
   * `data` already serialised, when the writer has its JSON at hand (a snapshot pass digests each row's
   * JSON): it must be exactly `JSON.stringify(data)`. Adapters that serialise may use it instead.
   */
  dataJson?: string;
  /**
   * The entities a block event records, in its order (`EntitiesRecorded`): the adapter files each with the
   * event's position and its index in the block, in the event's own transaction, so that an entity's blocks
   * are found without reading the blocks stream (`EventStore.entityBlocks`). Not part of the event.
   */
  entityRows?: EntityRowsOfEvent;
}

/** What a block event records: its register's entities of one kind, for one pass (its SnapshotStarted's position). */
export interface EntityRowsOfEvent {
  register: string;
  kind: string;
  pass: string;
  ids: readonly string[];
}

/** Where a block recorded an entity: the block event's position, the entity's index in it, and its pass. */
export interface EntityBlockRow {
  position: bigint;
  index: number;
  kind: string;
  pass: bigint;
}

export interface EventMetadata {
  register?: string;
  snapshotVersion?: string;
  fileSha256?: string;
  rowSha256?: string;
  [key: string]: unknown;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  /** Global position, in commit order, starting at 1. */
  position: bigint;
  streamId: string;
  /** Version within the stream, starting at 0. */
  streamVersion: bigint;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  recordedAt: Date;
}

/**
 * `no_stream`: the stream must not exist; `stream_exists`: it must; `any`: no check;
 * a bigint: the stream's current version must be exactly that (the version of its last event).
 */
export type ExpectedVersion = 'any' | 'no_stream' | 'stream_exists' | bigint;

export type AppendResult =
  | { ok: true; nextExpectedVersion: bigint; lastPosition: bigint }
  | {
      ok: false;
      error: 'version_conflict';
      streamId: string;
      expected: ExpectedVersion;
      actual: bigint | null;
      message: string;
    };

export interface BulkAppendEntry {
  streamId: string;
  events: NewEvent[];
}

export interface BulkAppendResult {
  events: number;
  lastPosition: bigint;
}

export interface Subscription {
  /** Position of the last event handed to the handler. */
  readonly position: bigint;
  /** Resolves once the handler has been given every event up to `position` (inclusive). */
  reached(position: bigint): Promise<void>;
  stop(): Promise<void>;
}

/** Entity events of use to a subscriber: of `types`, those whose data's `register` and `kind` are listed. */
export interface EntityFilter {
  types: readonly string[];
  of: readonly { register: string; kind: string }[];
}

export interface SubscribeOptions {
  /** Events strictly after this position are delivered. 0n means from the beginning. */
  from: bigint;
  batchSize?: number;
  /** Called with consecutive batches, in order; the next batch waits for the promise. */
  onEvents(events: RecordedEvent[]): Promise<void>;
  /** A handler failure stops the subscription and is reported here. */
  onError?(error: unknown): void;
  /**
   * The event types the subscriber handles. When given, an append known to hold none of them (the adapter
   * may know it from its wake-up) is passed over without a read, and the adapter may leave events of other
   * types out of the batches it reads: `onSkipped` gets the position moved past them.
   */
  types?: ReadonlySet<string>;
  /**
   * With `types`: of the event types listed here, only the events whose data names one of these `register`
   * and `kind` pairs are of use (a read model's entity bindings); the adapter may leave the others out too.
   */
  entities?: EntityFilter;
  /**
   * With `types`: subscribers naming the same group, with the same upcaster, read the log together. A stretch
   * of the log read for one of them (with every member's filters) serves the others as they reach it, so it
   * is read and parsed once; each still gets only its own types and entities. For subscribers that move
   * through the same stretch at about the same pace: the faster may wait a little for the slower. Members are
   * handed the same event objects: a handler reads its events and never changes them.
   */
  readGroup?: string;
  /**
   * With `types`: event types that weigh more than one event against `batchSize` (a block event holding
   * many rows counts as that many), so that a batch stays about `batchSize` rows; a batch holds at least one
   * event, whatever its weight.
   */
  weights?: Readonly<Record<string, number>>;
  onSkipped?(position: bigint): void;
  /**
   * After each read, once its events are delivered: `atHead` is false when the read stopped at its limit
   * (more follows at once), true when it reached the head of the log.
   */
  onRead?(read: { atHead: boolean }): void;
  /**
   * Once caught up, a subscriber woken by an append holding only these types waits `ms` before it reads,
   * so that the appends arriving meanwhile are read and handled as one batch (a read model fed by a small
   * append per served request, which no request reads back at once). Any other append, `reached` and `stop`
   * cut the wait short. Without it, every wake-up reads at once.
   */
  coalesce?: { ms: number; types: ReadonlySet<string> };
  /**
   * The reader's upcaster: applied to each batch as part of the read, before delivery (a failure is a read
   * failure, retried like one). The read side uses it to turn stored shapes into the ones its handlers take.
   */
  upcast?: Upcaster;
}

/** Rewrites a batch of read events into the shape a reader takes (e.g. compact stored forms expanded). */
export type Upcaster = (events: RecordedEvent[]) => Promise<RecordedEvent[]>;

export interface EventStore {
  append(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult>;
  /**
   * For snapshot passes: many streams at once, no version check, in batches each committed on its own.
   * Readers see whole batches, in order, never a gap.
   */
  appendBulk(
    entries: AsyncIterable<BulkAppendEntry> | Iterable<BulkAppendEntry>,
    opts?: { batchEvents?: number },
  ): Promise<BulkAppendResult>;
  readStream(streamId: string, opts?: { fromVersion?: bigint; limit?: number }): Promise<RecordedEvent[]>;
  /** Events with position strictly greater than `from`, in position order. */
  readAll(from: bigint, opts?: { limit?: number }): Promise<RecordedEvent[]>;
  /** Current version of a stream (last event's version), or null when it has no event. */
  streamVersion(streamId: string): Promise<bigint | null>;
  /**
   * The block events that recorded an entity (of `kind`, or any), in log order, from the index the appends
   * of block events keep (NewEvent.entityRows): no read of the blocks stream.
   */
  entityBlocks(register: string, id: string, kind?: string): Promise<EntityBlockRow[]>;
  /** Position of the last committed event, 0n when the log is empty. */
  headPosition(): Promise<bigint>;
  /**
   * Refreshes the statistics the database plans its reads of the log with, after a large append (a snapshot
   * pass): they must not wait for a background process that may be off (autovacuum).
   */
  refreshStatistics(): Promise<void>;
  subscribe(opts: SubscribeOptions): Subscription;
}

export function describeExpected(expected: ExpectedVersion): string {
  return typeof expected === 'bigint' ? `version ${expected}` : expected;
}
