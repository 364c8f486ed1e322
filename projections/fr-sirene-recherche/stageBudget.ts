import type { Knex } from 'knex';

export type StageOutcome<T> = { ok: true; value: T } | { ok: false; reason: 'delai_depasse' };

/** SQLSTATE of a statement cancelled by `statement_timeout`. */
const QUERY_CANCELED = '57014';

/**
 * Runs one stage of a search in its own short transaction under `statement_timeout = budgetMs` (and the
 * stage's other `settings`, local to that transaction), so a stage
 * that would take too long is cancelled by the server and reported as abandoned instead of holding the
 * request. Any other failure (database down, ...) is thrown. The embedded database (PGlite) does not
 * enforce `statement_timeout`: there a stage always runs to its end.
 */
export async function runStage<T>(
  knex: Knex,
  budgetMs: number,
  stage: (trx: Knex.Transaction) => Promise<T>,
  settings: Record<string, string> = {},
): Promise<StageOutcome<T>> {
  const local = { statement_timeout: String(Math.max(1, Math.floor(budgetMs))), ...settings };
  try {
    const value = await knex.transaction(async (trx) => {
      // One round trip for every setting of the stage, all local to its transaction.
      await trx.raw(
        `select ${Object.keys(local)
          .map(() => 'set_config(?, ?, true)')
          .join(', ')}`,
        Object.entries(local).flat(),
      );
      return stage(trx);
    });
    return { ok: true, value };
  } catch (err) {
    if ((err as { code?: unknown }).code === QUERY_CANCELED) return { ok: false, reason: 'delai_depasse' };
    throw err;
  }
}
