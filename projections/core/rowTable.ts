import type { Knex } from 'knex';
import type { EntityDroppedData, EntityRecordedData } from '../../schemas/events/entityEvents.ts';
import type { EntityBinding, EntityItem } from './entityHandlers.ts';
import { rowsAsColumns } from './rowsAsColumns.ts';

/** A read table written a batch of rows at a time: its name, key columns and every written column's SQL type. */
export interface RowTable<R extends object> {
  name: string;
  key: readonly (keyof R & string)[];
  columns: Readonly<Record<keyof R & string, string>>;
}

/**
 * Inserts or replaces rows in one statement (the rows travel as one JSON array per column, rowsAsColumns.ts).
 * A key present twice in `rows` keeps the last row. Idempotent.
 */
export async function upsertRows<R extends object>(
  trx: Knex.Transaction | Knex,
  table: RowTable<R>,
  rows: readonly R[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(table.columns) as (keyof R & string)[];
  const updated = names.filter((c) => !table.key.includes(c));
  const onConflict =
    updated.length === 0
      ? 'do nothing'
      : `do update set ${updated.map((c) => `${c} = excluded.${c}`).join(', ')}`;
  const columns = rowsAsColumns(table.columns, lastPerKey(table, rows));
  await trx.raw(
    `insert into ${table.name} (${names.join(', ')})
     select ${columns.select.join(', ')} from ${columns.from}
     on conflict (${table.key.join(', ')}) ${onConflict}`,
    columns.bindings,
  );
}

/** Deletes the rows whose single-column key is in `ids`; returns the deleted keys. */
export async function deleteRows<R extends object>(
  trx: Knex.Transaction | Knex,
  table: RowTable<R>,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const [key, ...rest] = table.key;
  if (!key || rest.length > 0) throw new Error(`${table.name}: deleteRows needs a single-column key`);
  const { rows } = await trx.raw<{ rows: { k: string }[] }>(
    // Joined as a relation: a batch of thousands of keys is one index probe each, never a scan.
    `delete from ${table.name} t using unnest(?::text[]) as d(k) where t.${key} = d.k returning d.k`,
    [[...ids]],
  );
  return rows.map((r) => r.k);
}

/** `insert ... on conflict do update` may not touch a row twice in one statement: the last row of a key wins. */
function lastPerKey<R extends object>(table: RowTable<R>, rows: readonly R[]): readonly R[] {
  const byKey = new Map<string, R>();
  for (const row of rows) byKey.set(table.key.map((k) => String(row[k])).join('\u0000'), row);
  return byKey.size === rows.length ? rows : [...byKey.values()];
}

/**
 * The entity binding of a projection whose rows are a function of the entity's record alone: `rowOf` gives
 * the row (null: the entity has no row here, and a row it had is deleted), one statement per batch each way.
 * The table's single key column holds the entity id.
 */
export function rowBinding<R extends object>(spec: {
  register: string;
  kind: string;
  table: RowTable<R>;
  rowOf: (data: EntityRecordedData) => R | null;
}): EntityBinding {
  const { table, rowOf } = spec;
  const upsertMany = async (trx: Knex.Transaction, items: readonly EntityItem<EntityRecordedData>[]) => {
    const rows: R[] = [];
    const leaving: string[] = [];
    for (const { data } of items) {
      const row = rowOf(data);
      if (row) rows.push(row);
      else leaving.push(data.id);
    }
    await deleteRows(trx, table, leaving);
    await upsertRows(trx, table, rows);
  };
  const dropMany = async (trx: Knex.Transaction, items: readonly EntityItem<EntityDroppedData>[]) => {
    await deleteRows(
      trx,
      table,
      items.map((i) => i.data.id),
    );
  };
  return {
    register: spec.register,
    kind: spec.kind,
    upsert: (trx, data, event) => upsertMany(trx, [{ data, event }]),
    upsertMany,
    drop: (trx, data, event) => dropMany(trx, [{ data, event }]),
    dropMany,
  };
}
