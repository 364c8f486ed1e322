import type { EventStore } from '../eventstore/port.ts';
import type { Logger } from '../logger.ts';
import type { LoggedEntries } from './loggedEntries.ts';
import type { ServedEntry } from './responseServed.ts';
import type { ServedJournal } from './servedJournal.ts';

export interface ServedLog {
  /** Queues an entry; never waits on the database. */
  record(entry: ServedEntry): void;
  /** Appends everything queued so far; rejects (keeping the entries queued) when the log cannot be written. */
  flush(): Promise<void>;
  /**
   * Flushes and stops: call at shutdown, after the server stopped accepting requests. Resolves once every entry
   * is in the log or, the log being unwritable, kept in the local journal (`keptOnDisk`); rejects when some
   * are neither.
   */
  close(): Promise<{ keptOnDisk: boolean }>;
  /** At start, once the database is reached: takes over the journals of stopped processes and appends them. */
  recover(): Promise<void>;
  /** Entries queued and not yet appended. */
  readonly pending: number;
}

export interface ServedLogOptions {
  eventStore: EventStore;
  logger: Logger;
  /** Longest time an entry waits in memory before a flush starts. */
  flushIntervalMs?: number;
  /** Queue size that starts a flush at once; also the largest single append. */
  maxBatch?: number;
  /** Appends tried per batch when other writers keep taking the stream's next version. */
  maxAttempts?: number;
  /** Where entries the log could not take are kept (fsync'd) until it can; absent: kept in memory only. */
  journal?: ServedJournal;
  /** Which entries are already in the log, so that a replayed journal appends none twice. */
  loggedEntries?: LoggedEntries;
  /** Beyond this many queued entries (the log being unwritable), the oldest are dropped, loudly. */
  maxPending?: number;
}
