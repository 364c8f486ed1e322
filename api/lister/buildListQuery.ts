import type { Knex } from 'knex';
import { LISTE_TABLE } from '../../projections/fr-entreprises-liste/listeSchema.ts';
import { ETAT_FIELD, FIELDS, type FieldDefinition } from './fieldCatalogue.ts';
import type { Criterion } from './parseCriteria.ts';
import type { Sort } from './parseSort.ts';

export interface SqlFragment {
  sql: string;
  bindings: Knex.RawBinding[];
}

const quote = (column: string) => `"${column}"`;
const cast = (f: FieldDefinition) => (f.sqlType === 'text' ? '' : `::${f.sqlType}`);

/**
 * The WHERE clause of a list query. Column names come from the field catalogue only; every value is a bound
 * parameter. Active companies only unless a criterion names `identite.etat`. A missing value (null) never
 * satisfies a criterion, `!=` included.
 */
export function whereOf(criteria: readonly Criterion[]): SqlFragment {
  const parts: string[] = [];
  const bindings: SqlFragment['bindings'] = [];
  if (!criteria.some((c) => c.field === ETAT_FIELD)) {
    parts.push(`${quote(ETAT_FIELD.column)} = ?`);
    bindings.push('A');
  }
  for (const c of criteria) {
    const col = quote(c.field.column);
    const t = cast(c.field);
    switch (c.op) {
      case 'in':
        parts.push(`${col} = any(?::${c.field.sqlType}[])`);
        bindings.push(c.values as Knex.RawBinding);
        break;
      case 'entre':
        parts.push(`${col} between ?${t} and ?${t}`);
        bindings.push(c.values[0]!, c.values[1]!);
        break;
      case 'commence_par': {
        // A prefix as a range of the "C"-collated column: the btree index serves it.
        const prefix = String(c.values[0]);
        parts.push(`${col} >= ? and ${col} < ?`);
        bindings.push(prefix, successorOf(prefix));
        break;
      }
      case '!=':
        parts.push(`${col} <> ?${t}`);
        bindings.push(c.values[0]!);
        break;
      default:
        parts.push(`${col} ${c.op} ?${t}`);
        bindings.push(c.values[0]!);
        if (c.field.numericCodesOnly && c.op !== '=') parts.push(`${col} ~ '^[0-9]+$'`);
    }
  }
  return { sql: parts.map((p) => `(${p})`).join(' and '), bindings };
}

/** Two conditions that must both hold, their bindings in the order of their text. */
export function bothOf(a: SqlFragment, b: SqlFragment): SqlFragment {
  return { sql: `(${a.sql}) and (${b.sql})`, bindings: [...a.bindings, ...b.bindings] };
}

/** The smallest string above every string starting with `prefix` (bytewise): its last character plus one. */
export function successorOf(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/**
 * The most rows a page may expect to read while following the SIREN index in order (a short filtered scan;
 * bench lister, BENCHMARKS.md). Walking the key finds a page of matches after about (offset + limit) × rows / matches
 * rows when the matches are spread over the SIRENs; beyond this bound, the matches are read by the
 * criteria's indexes and sorted instead, whatever the planner estimated (it cannot know the exact count,
 * and a criterion rarer than it thinks makes a walk read the whole table).
 */
export const WALK_ROWS_MAX = 100_000;

/** Whether following the SIREN index may pay for a page ending at `end`, given the exact match count. */
export function mayWalkIndex(end: number, counted: { matches: number; tableRows: number }): boolean {
  if (counted.matches === 0) return false;
  return (end * Math.max(counted.tableRows, counted.matches)) / counted.matches <= WALK_ROWS_MAX;
}

/**
 * Missing values last in both orders; SIREN breaks ties so pages never overlap. The default SIREN order
 * leaves the plan to PostgreSQL when a walk of the primary-key index may pay (`indexOrder`); otherwise it
 * sorts the same values through an expression no index covers, so that the matches are read by the
 * criteria's indexes instead of by walking the whole key in order (same order: the column is collated "C").
 */
export function orderByOf(sort: Sort, opts: { indexOrder: boolean } = { indexOrder: true }): string {
  const dir = sort.descending ? 'desc' : 'asc';
  if (sort.field.column === 'siren')
    return `order by ${opts.indexOrder ? '"siren"' : `("siren" || '')`} ${dir}`;
  return `order by ${quote(sort.field.column)} ${dir} nulls last, "siren" asc`;
}

/** Every available column, dates as YYYY-MM-DD text (never a time-zone-shifted Date). */
export const SELECT_LIST = FIELDS.filter((f) => f.available)
  .map((f) =>
    f.sqlType === 'date'
      ? `to_char(${quote(f.column)}, 'YYYY-MM-DD') as ${quote(f.column)}`
      : quote(f.column),
  )
  .join(', ');

/**
 * The exact count; before a page, with the table's size as last estimated by ANALYZE (`table_rows`, from
 * `reltuples`, -1 before the first one): what `mayWalkIndex` weighs the page's plan with, in the same
 * round trip.
 */
export function countSql(where: SqlFragment, opts: { withTableRows: boolean }): SqlFragment {
  const tableRows = opts.withTableRows
    ? `, (select reltuples from pg_class where oid = '${LISTE_TABLE}'::regclass) as table_rows`
    : '';
  return {
    sql: `select count(*) as n${tableRows} from ${LISTE_TABLE} where ${where.sql}`,
    bindings: where.bindings,
  };
}

export function pageSql(
  where: SqlFragment,
  sort: Sort,
  limit: number,
  offset: number,
  counted: { matches: number; tableRows: number },
): SqlFragment {
  const order = orderByOf(sort, { indexOrder: mayWalkIndex(offset + limit, counted) });
  return {
    // The page is chosen on the table's own columns, then only its rows are formatted (dates as text):
    // formatting in the inner select would run on every match before the sort.
    sql: `select ${SELECT_LIST} from (select * from ${LISTE_TABLE} where ${where.sql} ${order} limit ? offset ?) as page ${order}`,
    bindings: [...where.bindings, limit, offset],
  };
}

/**
 * The count and a page in one statement (one snapshot, one round trip), for an order that does not depend
 * on the count (any sort but the default SIREN order, see `mayWalkIndex`). One row per company of the page,
 * each carrying the count `n`; a single row with `n` and nulls when the page is past the end.
 */
export function countedPageSql(where: SqlFragment, sort: Sort, limit: number, offset: number): SqlFragment {
  const order = orderByOf(sort);
  return {
    // The outer order repeats the page's on the formatted columns: dates as YYYY-MM-DD sort as the dates.
    sql: `select c.n, p.* from (select count(*) as n from ${LISTE_TABLE} where ${where.sql}) as c left join lateral (select ${SELECT_LIST} from (select * from ${LISTE_TABLE} where ${where.sql} ${order} limit ? offset ?) as page) as p on true ${order}`,
    bindings: [...where.bindings, ...where.bindings, limit, offset],
  };
}
