import type { Knex } from 'knex';
import { namedRead } from '../../ops/database/namedStatements.ts';
import {
  type CapitalNotice,
  capitalNoticesOf,
  capitalNoticesSql,
} from '../../projections/fr-bodacc-annonces/capitalNotices.ts';
import { UNITES_LEGALES_TABLE } from '../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import { type EntityRow, ownEntityJsonSql } from './entreprise/readGroupeLei.ts';
import { UNIT_COLUMNS, type UnitRow } from './entreprise/unitFields.ts';

/** What the capital route reads from the local copies, in one statement. */
export interface CapitalLocalFacts {
  /** The Sirene unit; undefined when the copy does not hold the SIREN. */
  unit: UnitRow | undefined;
  notices: { total: number; notices: CapitalNotice[] };
  /** The company's own LEI record (null without one); undefined when the GLEIF copy was not read. */
  leiEntity: EntityRow | null | undefined;
}

const UNIT_SELECT = UNIT_COLUMNS.map((c) => `u.${c}`).join(', ');

function capitalFactsSql(withLei: boolean): string {
  return `select ${UNIT_SELECT}, u.siren is not null as unit_found,
            (select coalesce(json_agg(n order by n.date_parution desc nulls last, n.id desc), '[]'::json) from (${capitalNoticesSql('k.siren', '?::int')}) n) as capital_notices
            ${withLei ? `, ${ownEntityJsonSql('k.siren')} as lei_entity` : ''}
       from (select ?::text as siren) k
       left join ${UNITES_LEGALES_TABLE} u on u.siren = k.siren`;
}

/**
 * The unit, its live BODACC capital notices (newest first, at most `limit`, with their total) and, when
 * `withLei` (a GLEIF copy is loaded), its own LEI record.
 *
 * One prepared statement where they were three, on both databases (`namedRead`). On a PostgreSQL server, a
 * cache hit of the capital route is mostly the database's time: 0.48x the local profile's rate with three,
 * 1.17x with one (BENCHMARKS.md, fr-live). The embedded database, where the statement was planned again on
 * every call, ran it slower than the three simple ones; prepared once in its session it costs about what one
 * trivial statement did, a third of the three.
 */
export async function readCapitalLocalFacts(
  knex: Knex,
  siren: string,
  opts: { limit: number; withLei: boolean },
): Promise<CapitalLocalFacts> {
  // The bindings in text order: the notices' limit, then the SIREN.
  const name = opts.withLei ? 'registres_capital_facts_lei' : 'registres_capital_facts';
  const { rows } = await namedRead<{
    rows: (UnitRow & {
      unit_found: boolean;
      capital_notices: (CapitalNotice & { total: number })[];
      lei_entity?: EntityRow | null;
    })[];
  }>(knex, name, capitalFactsSql(opts.withLei), [opts.limit, siren]);
  const { unit_found, capital_notices, lei_entity, ...unit } = rows[0]!;
  return {
    unit: unit_found ? (unit as UnitRow) : undefined,
    notices: capitalNoticesOf(capital_notices),
    leiEntity: opts.withLei ? (lei_entity ?? null) : undefined,
  };
}
