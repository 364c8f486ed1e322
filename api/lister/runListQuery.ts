import type { Knex } from 'knex';
import { unavailable } from '../errors/apiError.ts';
import { countSql, pageSql, whereOf } from './buildListQuery.ts';
import { listerRefusal } from './listerRefusal.ts';
import type { Criterion } from './parseCriteria.ts';
import type { Sort } from './parseSort.ts';

export type ListRow = Record<string, string | number | null>;

export interface ListQuery {
  criteria: readonly Criterion[];
  sort: Sort;
  page: number;
  pageSize: number;
  /** Statement budget; beyond it, 400 `requete_trop_large`. */
  timeoutMs: number;
  /** False for the count route. */
  withPage: boolean;
}

/** PostgreSQL's "canceling statement due to statement timeout". */
const QUERY_CANCELED = '57014';

/** The part of a pg client this module uses. */
interface PgConnection {
  query(sql: string, values?: readonly unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * The exact count and the page, read in one REPEATABLE READ, read-only transaction (one snapshot: the count
 * always matches the pages) that carries the time budget (`statement_timeout`, local to the transaction). A
 * query still running at the end of the budget is refused as too broad. The count comes first and tells the
 * page query whether to follow the SIREN index (see `orderByOf`).
 *
 * Two round trips for a count, three for a page, before the answer: the transaction is opened and given its
 * budget by one simple-protocol message (the budget is our own integer, never client input), the count and
 * the page run with bound parameters; the commit of this read-only transaction is not waited for (nothing
 * is written; the connection goes back to the pool once it is done). knex's own transaction would add a
 * round trip for BEGIN and one for COMMIT, which a 1 ms count would feel.
 */
export async function runListQuery(knex: Knex, q: ListQuery): Promise<{ count: number; rows: ListRow[] }> {
  const where = whereOf(q.criteria);
  const offset = (q.page - 1) * q.pageSize;
  const native = (f: { sql: string; bindings: Knex.RawBinding[] }) =>
    knex.raw(f.sql, f.bindings).toSQL().toNative();
  const budget = Math.max(1, Math.trunc(q.timeoutMs));
  const conn = (await knex.client.acquireConnection()) as PgConnection;
  // Set before BEGIN is sent: whatever fails after, the connection goes back to the pool rolled back
  // (a ROLLBACK outside a transaction is only a warning).
  let open = true;
  let released = false;
  try {
    await conn.query(
      `begin isolation level repeatable read read only; set local statement_timeout = ${budget}`,
    );
    const counted = native(countSql(where));
    const { rows: countRows } = await conn.query(counted.sql, counted.bindings);
    const count = Number(countRows[0]?.n ?? 0);
    let page: ListRow[] = [];
    if (q.withPage && offset < count) {
      const paged = native(pageSql(where, q.sort, q.pageSize, offset, count));
      page = (await conn.query(paged.sql, paged.bindings)).rows as ListRow[];
    }
    open = false;
    released = true;
    void conn
      .query('commit')
      .catch(() => conn.query('rollback').catch(() => undefined))
      .finally(() => knex.client.releaseConnection(conn));
    if (page.length > 0 && count < offset + page.length) {
      throw unavailable(
        'compte_incoherent',
        'Le total compté est inférieur à la liste lue : rien n’est vendu. / Count below the list read.',
      );
    }
    return { count, rows: page };
  } catch (err) {
    if (open) await conn.query('rollback').catch(() => undefined);
    if ((err as { code?: unknown }).code === QUERY_CANCELED) {
      throw listerRefusal(
        'requete_trop_large',
        'criteres',
        `Requête encore trop large après ${Math.round(q.timeoutMs / 1000)} secondes : resserrer les critères. / Query still too broad after the time budget; narrow the criteria.`,
      );
    }
    throw err;
  } finally {
    if (!released) await knex.client.releaseConnection(conn);
  }
}
