import type { Knex } from 'knex';
import type { EntityBinding } from '../core/entityHandlers.ts';

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

export function detailBinding(
  register: string,
  kind: string,
  table: string,
  companyOf: (record: Record<string, unknown>, id: string) => string | null,
): EntityBinding {
  return {
    register,
    kind,
    async upsert(trx, data) {
      const company = companyOf(data.record, data.id);
      if (!company) return;
      await trx.raw(
        `insert into ${table} (id, entreprise, record) values (?, ?, ?::jsonb)
         on conflict (id) do update set entreprise = excluded.entreprise, record = excluded.record`,
        [data.id, company, JSON.stringify(data.record)],
      );
    },
    async drop(trx, data) {
      await trx.raw(`delete from ${table} where id = ?`, [data.id]);
    },
  };
}

export async function readDetails(
  knex: Knex,
  table: string,
  company: string,
): Promise<Record<string, unknown>[]> {
  const { rows } = await knex.raw(`select record from ${table} where entreprise = ? order by id`, [company]);
  return (rows as { record: Record<string, unknown> }[]).map((r) => r.record);
}
