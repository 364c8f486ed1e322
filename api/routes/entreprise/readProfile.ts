import type { Knex } from 'knex';
import { batchedKeyRead, KEYS_PER_STATEMENT } from '../../../ops/database/batchedKeyReads.ts';
import { ETABLISSEMENTS_TABLE } from '../../../projections/fr-sirene-etablissements/etablissementsProjection.ts';
import { UNITES_LEGALES_TABLE } from '../../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import { UNIT_COLUMNS, type UnitRow } from './unitFields.ts';

export interface ProfileRow extends UnitRow {
  siege_siret: string | null;
  siege_adresse: string | null;
  siege_code_postal: string | null;
  siege_commune: string | null;
  siege_code_commune: string | null;
  siege_lambert_x: number | null;
  siege_lambert_y: number | null;
  nombre_etablissements: string;
}

const PROFILE_SELECT = `
  select ${UNIT_COLUMNS.map((c) => `u.${c}`).join(', ')},
         s.siret as siege_siret, s.adresse as siege_adresse, s.code_postal as siege_code_postal,
         s.commune as siege_commune, s.code_commune as siege_code_commune,
         s.lambert_x as siege_lambert_x, s.lambert_y as siege_lambert_y,
         (select count(*) from ${ETABLISSEMENTS_TABLE} e where e.siren = u.siren) as nombre_etablissements
    from ${UNITES_LEGALES_TABLE} u
    left join ${ETABLISSEMENTS_TABLE} s on s.siret = u.siren || u.nic_siege`;

/**
 * The profile in one statement, by primary key: the unit, its head office (SIRET = SIREN + NIC of the head
 * office) and its number of establishments, all read in the same snapshot of the tables.
 *
 * Named on a PostgreSQL server (see namedStatements.ts): sent unnamed, the server spent most of each call
 * parsing and planning this statement rather than executing it (bench sirene, bench/HISTORY.md). Several
 * SIRENs are read by the statement of the next power of two (`in (?, ?, …)`, batchedKeyReads.ts). Written
 * with `= any(?)`, one statement would be planned again on every call (its generic plan, costed for ten
 * keys, never beats a custom one).
 */
const profiles = batchedKeyRead<ProfileRow, ProfileRow>({
  name: 'registres_fr_sirene_profile',
  sql: (places) => `${PROFILE_SELECT} where u.siren in (${places})`,
  group: (rows) => new Map(rows.map((row) => [row.siren, row])),
});

/** The largest number of SIRENs read by one statement. */
export const PROFILES_PER_STATEMENT = KEYS_PER_STATEMENT;

/**
 * The profiles of `sirens` (at most `PROFILES_PER_STATEMENT`) in one statement; a SIREN with no legal unit
 * is absent from the map.
 */
export function readProfiles(knex: Knex, sirens: readonly string[]): Promise<Map<string, ProfileRow>> {
  return profiles.readMany(knex, sirens);
}

/**
 * One profile, read with the others asked for during the same round of the event loop (batchedKeyReads.ts);
 * undefined: no such legal unit.
 */
export function readProfile(knex: Knex, siren: string): Promise<ProfileRow | undefined> {
  return profiles.load(knex, siren);
}
