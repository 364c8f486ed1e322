import DataLoader from 'dataloader';
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
 * SIRENs are read by the statement of the next power of two (`in (?, ?, …)`, the last SIREN repeated):
 * a few statements per connection, each planned once. Written with `= any(?)`, one statement would be
 * planned again on every call (its generic plan, costed for ten keys, never beats a custom one).
 */
const statementFor = (arity: number) => ({
  name: arity === 1 ? 'registres_fr_sirene_profile' : `registres_fr_sirene_profile_${arity}`,
  sql: `${PROFILE_SELECT} where u.siren ${arity === 1 ? '= ?' : `in (${new Array(arity).fill('?').join(', ')})`}`,
});
/** The largest number of SIRENs read by one statement. */
export const PROFILES_PER_STATEMENT = 64;
const STATEMENTS = new Map<number, { name: string; sql: string }>();
for (let arity = 1; arity <= PROFILES_PER_STATEMENT; arity *= 2) STATEMENTS.set(arity, statementFor(arity));

/**
 * The profiles of `sirens` (at most `PROFILES_PER_STATEMENT`) in one statement; a SIREN with no legal unit
 * is absent from the map.
 */
export async function readProfiles(knex: Knex, sirens: readonly string[]): Promise<Map<string, ProfileRow>> {
  if (sirens.length === 0) return new Map();
  if (sirens.length > PROFILES_PER_STATEMENT)
    throw new RangeError(`at most ${PROFILES_PER_STATEMENT} SIRENs per statement, not ${sirens.length}`);
  let arity = 1;
  while (arity < sirens.length) arity *= 2;
  const { name, sql } = STATEMENTS.get(arity)!;
  const bindings = Array.from({ length: arity }, (_, i) => sirens[Math.min(i, sirens.length - 1)]!);
  const { rows } = await namedStatement<{ rows: ProfileRow[] }>(knex, name, sql, bindings);
  return new Map(rows.map((row) => [row.siren, row]));
}

/**
 * Profiles asked for while the event loop handles one round of sockets are read together, once that round
 * is over (`setImmediate`): at ten connections, several requests reach their handler in the same round, and
 * one statement for all of them saves each its own round trip, its query building and its wake-up of a
 * server process (bench sirene, bench/HISTORY.md). Nothing is cached: every request reads the tables after
 * it arrived.
 */
const loaders = new WeakMap<Knex, DataLoader<string, ProfileRow | undefined>>();

function loaderOf(knex: Knex): DataLoader<string, ProfileRow | undefined> {
  let loader = loaders.get(knex);
  if (!loader) {
    loader = new DataLoader(
      async (sirens: readonly string[]) => {
        const found = await readProfiles(knex, sirens);
        return sirens.map((siren) => found.get(siren));
      },
      {
        cache: false,
        batchScheduleFn: (dispatch) => setImmediate(dispatch),
        maxBatchSize: PROFILES_PER_STATEMENT,
      },
    );
    loaders.set(knex, loader);
  }
  return loader;
}

/** One profile, read with the others asked for at the same moment; undefined: no such legal unit. */
export function readProfile(knex: Knex, siren: string): Promise<ProfileRow | undefined> {
  return loaderOf(knex).load(siren);
}
