import type { Knex } from 'knex';

/**
 * Refreshes the planner's statistics of the given tables (row counts in `pg_class.reltuples`, value
 * distributions), in the caller's transaction. Read models must not wait for autovacuum to do it: it may be
 * off, and a table just loaded would be planned as empty.
 */
export async function analyzeTables(trx: Knex.Transaction | Knex, tables: readonly string[]): Promise<void> {
  if (tables.length === 0) return;
  await trx.raw(`analyze ${tables.map(() => '??').join(', ')}`, [...tables]);
}
