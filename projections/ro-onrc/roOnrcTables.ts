import type { Knex } from 'knex';

/** OD_FIRME rows by registration number: the CUI they are served under, the name practitioners are matched on. */
export async function createFirmsTable(knex: Knex, table: string): Promise<void> {
  await knex.raw(`create table ${table} (
      cod text primary key,
      cui text,
      nom_exact text,
      record jsonb not null
    )`);
  await knex.raw(`create index ${table}_cui on ${table} (cui)`);
  await knex.raw(`create index ${table}_nom on ${table} (nom_exact)`);
}

/** OD_STARE_FIRMA rows: one status code of a company a row. */
export async function createStatusesTable(knex: Knex, table: string): Promise<void> {
  await knex.raw(`create table ${table} (id text primary key, cod text not null, code text not null)`);
  await knex.raw(`create index ${table}_cod on ${table} (cod)`);
  await knex.raw(`create index ${table}_code on ${table} (code)`);
}

/** N_STARE_FIRMA: the label of each status code. */
export async function createStatusLabelsTable(knex: Knex, table: string): Promise<void> {
  await knex.raw(`create table ${table} (code text primary key, label text)`);
}

/** The form a name is matched in: upper case, spaces collapsed (the register's names are upper case). */
export const exactName = (name: unknown): string | null => {
  const s = typeof name === 'string' ? name.trim().replace(/\s+/g, ' ').toUpperCase() : '';
  return s === '' ? null : s;
};
