import type { Knex } from 'knex';
import { ensureExtension, extensionSchema } from '../../ops/database/extensions.ts';
import type { EuProfileRow } from '../../schemas/europe/euProfileRow.ts';
import type { EntityRecordedData } from '../../schemas/events/entityEvents.ts';
import type { EntityBinding } from '../core/entityHandlers.ts';
import { deleteRows, type RowTable, rowBinding, upsertRows } from '../core/rowTable.ts';

/**
 * Trigram search support shared by the European read models: pg_trgm, unaccent, and `eu_unaccent`, an
 * IMMUTABLE wrapper (unaccent itself is only STABLE, so it cannot feed a generated column or an index).
 * Idempotent: each European projection runs it in its first migration.
 */
export async function ensureEuSearchSupport(knex: Knex): Promise<void> {
  await ensureExtension(knex, 'pg_trgm');
  const unaccent = await ensureExtension(knex, 'unaccent');
  await knex.raw(`
    create or replace function eu_unaccent(text) returns text
      language sql immutable parallel safe strict
      as $$ select ${unaccent}.unaccent('${unaccent}.unaccent'::regdictionary, $1) $$`);
}

/** The unified-profile table of one register, with its normalised name and a trigram index on the legal persons' names. */
export async function createProfileTable(knex: Knex, table: string): Promise<void> {
  await knex.raw(`
    create table ${table} (
      id_national text primary key,
      personne_physique boolean not null,
      denomination text,
      nom_normalise text generated always as (eu_unaccent(lower(coalesce(denomination, '')))) stored,
      forme_code text,
      forme_libelle text,
      statut text,
      statut_detail text,
      date_creation date,
      adresse text,
      code_postal text,
      ville text,
      pays_adresse text,
      tva text,
      lei text,
      lien_registre text
    )`);
  // GIN on the legal persons' names: the search filters on word similarity (`<%`), which this index serves;
  // a GiST nearest-neighbour read was much slower (bench europe, bench/HISTORY.md).
  const trgm = await extensionSchema(knex, 'pg_trgm');
  await knex.raw(
    // fastupdate off: a pending list is read whole by every search until a vacuum merges it (see the French
    // search, bench/HISTORY.md).
    `create index ${table}_nom_trgm on ${table} using gin (nom_normalise ${trgm}.gin_trgm_ops)
       with (fastupdate = off) where not personne_physique`,
  );
}

/** The columns a register writes in its unified-profile table (`nom_normalise` is computed by the database). */
const PROFILE_COLUMNS: Readonly<Record<keyof EuProfileRow, string>> = {
  id_national: 'text',
  personne_physique: 'boolean',
  denomination: 'text',
  forme_code: 'text',
  forme_libelle: 'text',
  statut: 'text',
  statut_detail: 'text',
  date_creation: 'date',
  adresse: 'text',
  code_postal: 'text',
  ville: 'text',
  pays_adresse: 'text',
  tva: 'text',
  lei: 'text',
  lien_registre: 'text',
};

/** One register's unified-profile table as a row table, written a batch at a time. */
export const profileRowTable = (table: string): RowTable<EuProfileRow> => ({
  name: table,
  key: ['id_national'],
  columns: PROFILE_COLUMNS,
});

/** Inserts or replaces profiles in one statement, whatever their number (the last of an id wins). */
export async function upsertProfiles(
  trx: Knex.Transaction,
  table: string,
  rows: readonly EuProfileRow[],
): Promise<void> {
  await upsertRows(trx, profileRowTable(table), rows);
}

export async function upsertProfile(trx: Knex.Transaction, table: string, row: EuProfileRow): Promise<void> {
  await upsertProfiles(trx, table, [row]);
}

/** Deletes the profiles of these ids in one statement. */
export async function deleteProfiles(
  trx: Knex.Transaction,
  table: string,
  ids: readonly string[],
): Promise<void> {
  await deleteRows(trx, profileRowTable(table), ids);
}

/**
 * The binding of a register whose profile is a function of one entity's record alone: a batch of a pass is
 * one statement each way (see rowBinding).
 */
export function profileBinding(spec: {
  register: string;
  kind: string;
  table: string;
  profileOf: (data: EntityRecordedData) => EuProfileRow;
}): EntityBinding {
  return rowBinding({
    register: spec.register,
    kind: spec.kind,
    table: profileRowTable(spec.table),
    rowOf: spec.profileOf,
  });
}

/** Inserts or replaces one row keyed by `id_national`, whatever its columns (one European read table's). */
export async function upsertById(
  trx: Knex.Transaction,
  table: string,
  row: { id_national: string } & Record<string, unknown>,
): Promise<void> {
  const cols = Object.keys(row);
  await trx.raw(
    `insert into ${table} (${cols.join(', ')}) values (${cols.map(() => '?').join(', ')})
     on conflict (id_national) do update set ${cols
       .filter((c) => c !== 'id_national')
       .map((c) => `${c} = excluded.${c}`)
       .join(', ')}`,
    cols.map((c) => row[c] as Knex.Value),
  );
}

export async function deleteProfile(trx: Knex.Transaction, table: string, id: string): Promise<void> {
  await trx.raw(`delete from ${table} where id_national = ?`, [id]);
}
