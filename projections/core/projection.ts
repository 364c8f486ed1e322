import type { Knex } from 'knex';
import type { Migration } from '../../ops/database/migrations.ts';
import type { EntityFilter, RecordedEvent } from '../../ops/eventstore/port.ts';

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
}
