import type { Knex } from 'knex';
import type { Migration } from '../../ops/database/migrations.ts';
import type { EntityFilter, RecordedEvent } from '../../ops/eventstore/port.ts';
import { isSnapshotEvent } from '../../schemas/events/snapshotEvents.ts';

/** Applies one event inside the runner's transaction. Must be idempotent: a replayed event changes nothing. */
export type EventHandler = (trx: Knex.Transaction, event: RecordedEvent) => Promise<void>;

/**
 * Applies consecutive events that all have a handler, with the same effect as their handlers one after the
 * other, in fewer statements. Must be idempotent too.
 */
export type RunHandler = (trx: Knex.Transaction, events: readonly RecordedEvent[]) => Promise<void>;

/** A read model: its tables, the registers it draws from, and a handler per event type. */
export interface Projection {
  name: string;
  /** Register codes whose snapshot passes this projection follows (see ingest/core/snapshotEvents.ts). */
  registers: string[];
  /** Read tables it owns; `rebuild` truncates them before replaying. */
  tables: string[];
  migrations: Migration[];
  handlers: Partial<Record<string, EventHandler>>;
  /** Optional: how runs of handled events are applied together (see entityHandlers.ts). */
  handleRun?: RunHandler;
  /**
   * Optional: the entity events its handlers act on, by register and kind (set by entityHandlers): the
   * subscription need not read the others (a Sirene read model of units skips the establishments' rows).
   */
  entities?: EntityFilter;
  /**
   * Optional: once caught up, how long appends of only these types may gather before they are read (see
   * SubscribeOptions). For a read model fed by a small append per served request.
   */
  coalesce?: { ms: number; types: string[] };
  /**
   * Optional: of the events of its handled types, those its handlers may act on (its handlers do nothing with
   * the others). A batch holding none of them is passed over like a batch of other types: no transaction, the
   * position stored later (the watches read every live observation, and act on the European profiles only).
   */
  acts?: (event: RecordedEvent) => boolean;
  /** Optional: what a first pass or a rebuild may leave out and build once at its end (see bulkLoad.ts). */
  bulkLoad?: BulkLoad;
  /**
   * Optional: applies a batch only while every other running projection of its runner has read up to the
   * head of the log. A heavy read model (the search index, the companies list) then leaves the processors to
   * the keyed tables the profile and establishment routes read while a large pass streams in, and catches up
   * once they have: on two cores, four read models applying the same pass at once made each of them wait
   * for the others (bench sirene, bench/HISTORY.md).
   */
  deferred?: boolean;
  /**
   * Optional: event types whose order against every other stream's events matters to this projection (a
   * watch applies to the changes recorded after it). Where the log is read from Kafka, whose partitions keep
   * only each stream's order, these are barriers, applied in the log's global order (busProjector.ts) like
   * the snapshot frames.
   */
  globalOrder?: readonly string[];
}

/**
 * Secondary structures of a projection's tables that only readers use. While nothing of the projection is
 * published, they are dropped, and created once, from their own definitions, when a pass completes.
 */
export interface BulkLoad {
  /** Indexes no handler needs (never a key an `on conflict` or a handler's lookup uses). */
  indexes: readonly string[];
  /** Triggers that only keep derived data (never one deriving a row's own columns). */
  triggers?: readonly { table: string; name: string }[];
  /** Writes in a few statements what the dropped triggers would have kept; runs before the indexes are built. */
  fill?: (trx: Knex.Transaction) => Promise<void>;
}

/**
 * Whether a batch read for the projection holds an event its handlers act on (a handled type that
 * `Projection.acts` keeps) or a snapshot frame. A batch holding none is passed over, by the subscription's
 * runner and by the Kafka projector alike: its position moves, no handler runs.
 */
export function actsOnAny(projection: Projection, events: readonly RecordedEvent[]): boolean {
  const acts = projection.acts ?? (() => true);
  return events.some((e) => (projection.handlers[e.type] && acts(e)) || isSnapshotEvent(e.type));
}
