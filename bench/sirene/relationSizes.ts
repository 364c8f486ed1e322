import type { Knex } from 'knex';

/** A table's disk footprint: heap, TOAST and indexes together, and its indexes alone (bytes). */
export interface RelationSize {
  total: number;
  indexes: number;
}

/**
 * `pg_total_relation_size` and `pg_indexes_size` of the named tables of the session's schema (the bench
 * schema); a table that does not exist (yet) counts as empty.
 */
export async function readRelationSizes(
  knex: Knex,
  tables: readonly string[],
): Promise<Map<string, RelationSize>> {
  const { rows } = await knex.raw<{ rows: { name: string; total: string; indexes: string }[] }>(
    `select c.relname as name, pg_total_relation_size(c.oid) as total, pg_indexes_size(c.oid) as indexes
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p') and c.relname = any(?::text[])`,
    [[...tables]],
  );
  const sizes = new Map<string, RelationSize>();
  for (const table of tables) sizes.set(table, { total: 0, indexes: 0 });
  for (const r of rows) sizes.set(r.name, { total: Number(r.total), indexes: Number(r.indexes) });
  return sizes;
}

/** What `after` holds beyond `before`, table by table. */
export function sizeGrowth(
  before: ReadonlyMap<string, RelationSize>,
  after: ReadonlyMap<string, RelationSize>,
): Map<string, RelationSize> {
  const growth = new Map<string, RelationSize>();
  for (const [table, size] of after) {
    const was = before.get(table) ?? { total: 0, indexes: 0 };
    growth.set(table, { total: size.total - was.total, indexes: size.indexes - was.indexes });
  }
  return growth;
}

/** Rows of each table, counted (`count(*)`). */
export async function countRows(knex: Knex, tables: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of tables) {
    const { rows } = await knex.raw<{ rows: { n: string }[] }>(`select count(*) as n from "${table}"`);
    counts.set(table, Number(rows[0]!.n));
  }
  return counts;
}
