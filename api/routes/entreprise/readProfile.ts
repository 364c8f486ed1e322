import type { Knex } from 'knex';
import { namedStatement } from '../../../ops/database/namedStatements.ts';
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

/**
 * The profile in one statement, by primary key: the unit, its head office (SIRET = SIREN + NIC of the head
 * office) and its number of establishments, all read in the same snapshot of the tables.
 */
const PROFILE_SQL = `
  select ${UNIT_COLUMNS.map((c) => `u.${c}`).join(', ')},
         s.siret as siege_siret, s.adresse as siege_adresse, s.code_postal as siege_code_postal,
         s.commune as siege_commune, s.code_commune as siege_code_commune,
         s.lambert_x as siege_lambert_x, s.lambert_y as siege_lambert_y,
         (select count(*) from ${ETABLISSEMENTS_TABLE} e where e.siren = u.siren) as nombre_etablissements
    from ${UNITES_LEGALES_TABLE} u
    left join ${ETABLISSEMENTS_TABLE} s on s.siret = u.siren || u.nic_siege
   where u.siren = ?`;

/**
 * Named on a PostgreSQL server (see namedStatements.ts): sent unnamed, the server spent most of each call
 * parsing and planning this statement rather than executing it (bench sirene, bench/HISTORY.md).
 */
const PROFILE_STATEMENT = 'registres_fr_sirene_profile';

export async function readProfile(knex: Knex, siren: string): Promise<ProfileRow | undefined> {
  const { rows } = await namedStatement<{ rows: ProfileRow[] }>(knex, PROFILE_STATEMENT, PROFILE_SQL, [
    siren,
  ]);
  return rows[0];
}
