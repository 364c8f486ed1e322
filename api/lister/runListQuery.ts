import type { BudgetedPool } from '../../ops/database/budgetedPools.ts';
import { unavailable } from '../errors/apiError.ts';
import { bothOf, countedPageSql, countSql, pageSql, type SqlFragment, whereOf } from './buildListQuery.ts';
import { listerRefusal } from './listerRefusal.ts';
import type { Criterion } from './parseCriteria.ts';
import type { Sort } from './parseSort.ts';

export type ListRow = Record<string, string | number | null>;

export interface ListQuery {
  criteria: readonly Criterion[];
  sort: Sort;
  page: number;
  pageSize: number;
  /** False for the count route. */
  withPage: boolean;
  /**
   * A condition every listed company must also meet, beyond the criteria (a route's own rules, GET
   * /v1/prospection's signals and opt-outs), on the served table's columns (unaliased: `entreprises_liste.siren`).
   */
  restrict?: SqlFragment;
}

/** PostgreSQL's "canceling statement due to statement timeout". */
const QUERY_CANCELED = '57014';

/** The part of a pg client this module uses. */
interface PgConnection {
  query(sql: string, values?: readonly unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * The exact count, and for a page the page too, on a pool whose sessions carry the time budget
 * (`statement_timeout`, set when each connection opens: see ops/database/budgetedPools.ts). A query still
 * running at the end of the budget is refused as too broad.
 *
 * A count is one statement: one round trip, its own snapshot. So is a page sorted on another field than the
 * SIREN: count and page in one statement (`countedPageSql`). A page in SIREN order reads the count first,
 * which tells the page query whether following the SIREN index may pay (see `mayWalkIndex`), then the page,
 * both in one REPEATABLE READ, read-only transaction (one snapshot: the count always matches the pages):
 * three round trips before the answer; the commit of this read-only transaction is not waited for (nothing
 * is written; the connection goes back to the pool once it is done).
 */
export async function runListQuery(
  pool: BudgetedPool,
  q: ListQuery,
): Promise<{ count: number; rows: ListRow[] }> {
  const where = q.restrict ? bothOf(whereOf(q.criteria), q.restrict) : whereOf(q.criteria);
  const offset = (q.page - 1) * q.pageSize;
  const { knex } = pool;
  const native = (f: SqlFragment) => ({ sql: numberedPlaceholders(f.sql), bindings: f.bindings });
  const counted = native(countSql(where, { withTableRows: q.withPage }));
  const conn = (await knex.client.acquireConnection()) as PgConnection;
  if (!q.withPage || q.sort.field.column !== 'siren') {
    try {
      if (!q.withPage) {
        const { rows } = await conn.query(counted.sql, counted.bindings);
        return { count: Number(rows[0]?.n ?? 0), rows: [] };
      }
      const both = native(countedPageSql(where, q.sort, q.pageSize, offset));
      const { rows } = await conn.query(both.sql, both.bindings);
      const count = Number(rows[0]?.n ?? 0);
      const page = rows
        .filter((r) => r.siren !== null && r.siren !== undefined)
        .map(({ n: _count, ...row }) => row as ListRow);
      return { count, rows: checkedPage(count, offset, page) };
    } catch (err) {
      throw tooBroad(err, pool);
    } finally {
      await knex.client.releaseConnection(conn);
    }
  }
  // Set before BEGIN is sent: whatever fails after, the connection goes back to the pool rolled back
  // (a ROLLBACK outside a transaction is only a warning).
  let open = true;
  let released = false;
  try {
    await conn.query('begin isolation level repeatable read read only');
    const { rows: countRows } = await conn.query(counted.sql, counted.bindings);
    const count = Number(countRows[0]?.n ?? 0);
    const tableRows = Number(countRows[0]?.table_rows ?? -1);
    let page: ListRow[] = [];
    if (offset < count) {
      const paged = native(pageSql(where, q.sort, q.pageSize, offset, { matches: count, tableRows }));
      page = (await conn.query(paged.sql, paged.bindings)).rows as ListRow[];
    }
    open = false;
    released = true;
    void conn
      .query('commit')
      .catch(() => conn.query('rollback').catch(() => undefined))
      .finally(() => knex.client.releaseConnection(conn));
    return { count, rows: checkedPage(count, offset, page) };
  } catch (err) {
    if (open) await conn.query('rollback').catch(() => undefined);
    throw tooBroad(err, pool);
  } finally {
    if (!released) await knex.client.releaseConnection(conn);
  }
}

/** A page longer than the count says is never sold. */
function checkedPage(count: number, offset: number, page: ListRow[]): ListRow[] {
  if (page.length > 0 && count < offset + page.length) {
    throw unavailable(
      'compte_incoherent',
      'Le total compté est inférieur à la liste lue : rien n’est vendu. / Count below the list read.',
    );
  }
  return page;
}

/**
 * `?` placeholders as PostgreSQL's `$1`, `$2`, …: the list SQL is built here from the field catalogue and
 * holds no other question mark (values are never in the text), so knex's query builder is not needed.
 */
export function numberedPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** A statement ended by the budget becomes the contract's refusal; anything else goes on as it is. */
export function tooBroad(err: unknown, pool: BudgetedPool): unknown {
  if ((err as { code?: unknown }).code !== QUERY_CANCELED) return err;
  return listerRefusal(
    'requete_trop_large',
    'criteres',
    `Requête encore trop large après ${Math.round(pool.timeoutMs / 1000)} secondes : resserrer les critères. / Query still too broad after the time budget; narrow the criteria.`,
  );
}
