import type { Knex } from 'knex';
import { unavailable } from '../errors/apiError.ts';
import { countAndPageSql, countSql, whereOf } from './buildListQuery.ts';
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
 * The exact count and the page, read by one statement (so on one snapshot: the count always matches the
 * page) inside a REPEATABLE READ, read-only transaction that carries the time budget (`statement_timeout`,
 * local to the transaction). A query still running at the end of the budget is refused as too broad.
 */
export async function runListQuery(knex: Knex, q: ListQuery): Promise<{ count: number; rows: ListRow[] }> {
  const where = whereOf(q.criteria);
  const offset = (q.page - 1) * q.pageSize;
  const statement = q.withPage ? countAndPageSql(where, q.sort, q.pageSize, offset) : countSql(where);
  try {
    return await knex.transaction(
      async (trx) => {
        await trx.raw(`select set_config('statement_timeout', ?, true)`, [String(q.timeoutMs)]);
        const { rows } = await trx.raw<{ rows: (ListRow & { __total?: unknown; n?: unknown })[] }>(
          statement.sql,
          statement.bindings,
        );
        if (!q.withPage) return { count: Number(rows[0]?.n ?? 0), rows: [] };
        const count = Number(rows[0]?.__total ?? 0);
        // An empty page comes back as one row of nulls beside the count.
        const page = rows.filter((r) => r.siren !== null).map(({ __total, ...row }) => row as ListRow);
        if (page.length > 0 && count < offset + page.length) {
          throw unavailable(
            'compte_incoherent',
            'Le total compté est inférieur à la liste lue : rien n’est vendu. / Count below the list read.',
          );
        }
        return { count, rows: page };
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
