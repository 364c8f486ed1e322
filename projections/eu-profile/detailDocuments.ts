import type { Knex } from 'knex';
import type { EntityBinding } from '../core/entityHandlers.ts';
import { type RowTable, rowBinding } from '../core/rowTable.ts';

/**
 * A detail table of a European read model: one published row (already stripped of personal identifiers at
 * ingest) per entity, keyed by its id, with the company it belongs to. Routes map the document to the
 * contract's shape when they read it.
 */
export async function createDetailTable(knex: Knex, table: string): Promise<void> {
  await knex.raw(
    `create table ${table} (id text primary key, entreprise text not null, record jsonb not null)`,
  );
  await knex.raw(`create index ${table}_entreprise on ${table} (entreprise)`);
}

/** One document of a detail table: the entity's id, the company it belongs to, the record as published. */
export interface DetailRow {
  id: string;
  entreprise: string;
  record: Record<string, unknown>;
}

/** A detail table as a row table, written a batch at a time. */
export const detailRowTable = (table: string): RowTable<DetailRow> => ({
  name: table,
  key: ['id'],
  columns: { id: 'text', entreprise: 'text', record: 'jsonb' },
});

/**
 * The binding of a detail table: each entity's record kept whole under its company (`companyOf`; null: the
 * entity belongs to no served company, and a document it had is deleted). One statement per batch each way.
 */
export function detailBinding(
  register: string,
  kind: string,
  table: string,
  companyOf: (record: Record<string, unknown>, id: string) => string | null,
): EntityBinding {
  return rowBinding({
    register,
    kind,
    table: detailRowTable(table),
    rowOf: (data) => {
      const entreprise = companyOf(data.record, data.id);
      return entreprise ? { id: data.id, entreprise, record: data.record } : null;
    },
  });
}

export async function readDetails(
  knex: Knex,
  table: string,
  company: string,
): Promise<Record<string, unknown>[]> {
  const { rows } = await knex.raw(`select record from ${table} where entreprise = ? order by id`, [company]);
  return (rows as { record: Record<string, unknown> }[]).map((r) => r.record);
}
