import type { Config } from './config.ts';
import type { Database } from './database/openDatabase.ts';
import type { EventStore } from './eventstore/port.ts';
import type { Logger } from './logger.ts';

/**
 * `schema: 'accounts'`: migrated for the accounts only (the event log and the accounts read model), what the
 * `keys` commands need, without loading any register. Default: the whole schema.
 */
export interface DatabaseScope {
  schema?: 'all' | 'accounts';
}

/** What a command-line subcommand is given. It returns the process exit code. */
export interface CliContext {
  config: Config;
  logger: Logger;
  /** Human-readable output (stdout). */
  out(line: string): void;
  /** Opens the database (the running embedded server's socket when there is one), migrated, and closes it after. */
  withDatabase<T>(fn: (db: Database, store: EventStore) => Promise<T>, opts?: DatabaseScope): Promise<T>;
}

export type CliCommand = (argv: string[], ctx: CliContext) => Promise<number>;
