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

/**
 * The exact count and the page, read in one REPEATABLE READ, read-only transaction: both see the same
 * snapshot, so the count matches the pages. Each statement gets the time budget (`statement_timeout`, local
 * to the transaction); a query still running at the end of it is refused as too broad.
 */
export async function runListQuery(knex: Knex, q: ListQuery): Promise<{ count: number; rows: ListRow[] }> {
  const where = whereOf(q.criteria);
  try {
    return await knex.transaction(
      async (trx) => {
        await trx.raw(`select set_config('statement_timeout', ?, true)`, [String(q.timeoutMs)]);
        const counted = countSql(where);
        const { rows: countRows } = await trx.raw<{ rows: { n: string | number }[] }>(
          counted.sql,
          counted.bindings,
        );
        const count = Number(countRows[0]?.n ?? 0);
        if (!q.withPage) return { count, rows: [] };
        const offset = (q.page - 1) * q.pageSize;
        const paged = pageSql(where, q.sort, q.pageSize, offset);
        const { rows } = await trx.raw<{ rows: ListRow[] }>(paged.sql, paged.bindings);
        if (rows.length > 0 && count < offset + rows.length) {
          throw unavailable(
            'compte_incoherent',
            'Le total compté est inférieur à la liste lue : rien n’est vendu. / Count below the list read.',
          );
        }
        return { count, rows };
      },
      { isolationLevel: 'repeatable read', readOnly: true },
    );
  } catch (err) {
    if ((err as { code?: unknown }).code === QUERY_CANCELED) {
      throw listerRefusal(
        'requete_trop_large',
        'criteres',
        `Requête encore trop large après ${Math.round(q.timeoutMs / 1000)} secondes : resserrer les critères. / Query still too broad after the time budget; narrow the criteria.`,
      );
    }
    throw err;
  }
}
