import type { Knex } from 'knex';
import { refreshListe } from '../../projections/fr-entreprises-liste/refreshListe.ts';
import {
  upsertExercices,
  upsertSieges,
  upsertUnites,
} from '../../projections/fr-entreprises-liste/writeSources.ts';
import { companies } from './syntheticCompanies.ts';

/**
 * Fills the list projection's tables with `rows` synthetic companies through the projection's own write
 * functions (source tables, then the served row recomputed by `refreshListe`), a batch per transaction:
 * the same statements the event handlers run, set-based, without the event log in between.
 *
 * Statistics are refreshed each time the tables double, as autovacuum's analyze would (it is off on the
 * benchmark server): without them the planner takes the growing tables for empty ones and joins a batch of
 * SIRENs to them by scanning, which makes each batch quadratic.
 */
export async function loadCompanies(
  knex: Knex,
  opts: { rows: number; batch: number; snapshotDate: string; onBatch?: (done: number) => void },
): Promise<void> {
  let analyzedAt = 0;
  for (let from = 0; from < opts.rows; from += opts.batch) {
    if (from > 0 && from >= 2 * analyzedAt) {
      await knex.raw('analyze liste_unites, liste_sieges, liste_exercices, entreprises_liste');
      analyzedAt = from;
    }
    const count = Math.min(opts.batch, opts.rows - from);
    const b = companies(from, count, opts.snapshotDate);
    await knex.transaction(async (trx) => {
      await upsertUnites(trx, b.unites);
      await upsertSieges(trx, b.sieges);
      await upsertExercices(trx, b.exercices);
      await refreshListe(
        trx,
        b.unites.map((u) => u.siren),
      );
    });
    opts.onBatch?.(from + count);
  }
}
