import type { Knex } from 'knex';
import { type BeKboRecord, enterpriseOfEntity } from '../../schemas/events/beKboEvents.ts';

/** The published rows the profile is composed of (enterprise, names, addresses) and the code labels. */
export const BE_KBO_ROWS = 'eu_be_kbo_lignes';

export async function createRowsTable(knex: Knex): Promise<void> {
  await knex.raw(`
    create table ${BE_KBO_ROWS} (
      kind text not null,
      entity_id text not null,
      id_national text,
      record jsonb not null,
      primary key (kind, entity_id)
    )`);
  await knex.raw(`create index ${BE_KBO_ROWS}_id_national on ${BE_KBO_ROWS} (id_national)`);
}

/** Inserts or replaces rows of one kind (ids distinct), in one statement. */
export async function putRows(
  trx: Knex.Transaction,
  kind: string,
  rows: readonly { id: string; record: BeKboRecord }[],
): Promise<void> {
  if (rows.length === 0) return;
  await trx.raw(
    `insert into ${BE_KBO_ROWS} (kind, entity_id, id_national, record)
     select ?, r.entity_id, nullif(r.id_national, ''), r.record::jsonb
       from unnest(?::text[], ?::text[], ?::text[]) as r(entity_id, id_national, record)
     on conflict (kind, entity_id) do update set record = excluded.record`,
    [
      kind,
      rows.map((r) => r.id),
      rows.map((r) => enterpriseOfEntity(kind, r.id) ?? ''),
      rows.map((r) => JSON.stringify(r.record)),
    ],
  );
}

export async function removeRows(trx: Knex.Transaction, kind: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await trx.raw(`delete from ${BE_KBO_ROWS} where kind = ? and entity_id = any(?::text[])`, [kind, [...ids]]);
}

/** Every row of the given enterprises, in a stable order. */
export async function rowsOfEnterprises(
  trx: Knex.Transaction,
  ids: readonly string[],
): Promise<{ id_national: string; kind: string; record: BeKboRecord }[]> {
  const { rows } = await trx.raw(
    `select id_national, kind, record from ${BE_KBO_ROWS}
      where id_national = any(?::text[]) order by id_national, kind, entity_id`,
    [[...ids]],
  );
  return rows;
}

/** The code labels held, keyed `<Category>:<Code>` (a few hundred rows). */
export async function codeLabels(trx: Knex.Transaction, kind: string): Promise<Map<string, BeKboRecord>> {
  const { rows } = await trx.raw(`select entity_id, record from ${BE_KBO_ROWS} where kind = ?`, [kind]);
  return new Map((rows as { entity_id: string; record: BeKboRecord }[]).map((r) => [r.entity_id, r.record]));
}

/** Enterprises whose row carries `code` in `field` (a label changed). */
export async function enterprisesCarrying(
  trx: Knex.Transaction,
  enterpriseKind: string,
  field: string,
  code: string,
): Promise<string[]> {
  const { rows } = await trx.raw(
    `select id_national from ${BE_KBO_ROWS} where kind = ? and record->>? = ? order by id_national`,
    [enterpriseKind, field, code],
  );
  return (rows as { id_national: string }[]).map((r) => r.id_national);
}
