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

/** The smallest string above every string starting with `prefix` (bytewise): its last character plus one. */
export function successorOf(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/**
 * Above this many matches, walking the SIREN index in order finds a page of matches quickly (they are
 * dense); below it, sorting the matches is cheaper than walking an index past the rows that do not match.
 */
export const INDEX_ORDER_FROM_MATCHES = 20_000;

/**
 * Missing values last in both orders; SIREN breaks ties so pages never overlap. The default SIREN order
 * follows the primary-key index only for a broad query (`indexOrder`); otherwise it sorts the same values
 * through an expression the index does not cover, so that the planner reads the matches by the criteria's
 * indexes instead of walking the whole key in order (same order: the column is collated "C").
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

export function countSql(where: SqlFragment): SqlFragment {
  return { sql: `select count(*) as n from ${LISTE_TABLE} where ${where.sql}`, bindings: where.bindings };
}

export function pageSql(
  where: SqlFragment,
  sort: Sort,
  limit: number,
  offset: number,
  matches: number,
): SqlFragment {
  const order = orderByOf(sort, { indexOrder: matches >= INDEX_ORDER_FROM_MATCHES });
  return {
    sql: `select ${SELECT_LIST} from ${LISTE_TABLE} where ${where.sql} ${order} limit ? offset ?`,
    bindings: [...where.bindings, limit, offset],
  };
}
