import type { Knex } from 'knex';
import { FR_SIRENE_REGISTER } from '../../schemas/events/frSireneEvents.ts';
import { type CurrentSnapshot, readSnapshotStates } from '../core/snapshotState.ts';

/**
 * The Sirene identity stock the read side holds, from projection state only (never from Sirene tables): the
 * oldest completed Sirene snapshot among the projections that follow Sirene, or null when none holds one.
 */
export async function currentSireneStock(knex: Knex): Promise<CurrentSnapshot | null> {
  const { rows } = await knex.raw<{ rows: { projection: string }[] }>(
    'select distinct projection from projection_snapshots where register = ?',
    [FR_SIRENE_REGISTER],
  );
  if (rows.length === 0) return null;
  const [state] = await readSnapshotStates(knex, {
    projections: rows.map((r) => r.projection),
    registers: [FR_SIRENE_REGISTER],
  });
  return state?.current ?? null;
}
