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
 */
export async function loadCompanies(
  knex: Knex,
  opts: { rows: number; batch: number; snapshotDate: string; onBatch?: (done: number) => void },
): Promise<void> {
  for (let from = 0; from < opts.rows; from += opts.batch) {
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
