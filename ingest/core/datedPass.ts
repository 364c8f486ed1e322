import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';

/** What every pass is handed by its ingest command: the database, the log, the logger, maybe a version. */
export interface PassContext {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  /** Version label of the pass (default: its date). */
  version?: string;
}

/**
 * One pass over a register's published file, as the snapshot and notice passes are given it: its context,
 * register, version and file, and what it reports as it goes.
 */
export interface RegisterFilePass extends Omit<PassContext, 'version'> {
  register: string;
  version: string;
  /** YYYY-MM-DD the file describes (the day the snapshot or export was taken): freshness is measured from it. */
  snapshotDate: string;
  fileSha256: string;
  batchSize?: number;
  /** Called after each batch with the rows read so far. */
  onProgress?: (rows: number) => void;
  /** Added to `SnapshotCompleted.report` once the rows are read (unknown columns, rows set aside, ...). */
  report?: () => Record<string, unknown>;
  now?: () => Date;
}

/** A pass of `register` dated `date`: its context, and its version (the label asked, else the date). */
export const datedPass = (opts: PassContext, register: string, date: string) => ({
  knex: opts.knex,
  store: opts.store,
  logger: opts.logger,
  register,
  version: opts.version ?? date,
  snapshotDate: date,
});
