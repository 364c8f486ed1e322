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

/** A pass of `register` dated `date`: its context, and its version (the label asked, else the date). */
export const datedPass = (opts: PassContext, register: string, date: string) => ({
  knex: opts.knex,
  store: opts.store,
  logger: opts.logger,
  register,
  version: opts.version ?? date,
  snapshotDate: date,
});
