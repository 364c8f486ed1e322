import type { Knex } from 'knex';
import { RAISONS_BLOC_ABSENT } from '../../../schemas/enums/blocAbsent.ts';
import { absentBlock, type BlockReading, served } from '../entreprise/blockReading.ts';
import { readMarchesPublicsUe } from '../marchesPublicsUe.ts';

/** Notices the dossier's block lists (its counts cover them all). */
export const MARCHES_UE_BLOCK_LIMIT = 10;

/**
 * The dossier's `marches_publics_ue` block: the route's summary and the most recent notices. No notice naming
 * the company by its SIREN or SIRET in the copy: absent `aucune_donnee`, not charged, as `marches_publics`.
 */
export async function readMarchesPublicsUeBlock(
  knex: Knex,
  unit: { siren: string; denomination: string | null },
): Promise<BlockReading<Record<string, unknown>>> {
  const block = await readMarchesPublicsUe(knex, unit, MARCHES_UE_BLOCK_LIMIT);
  if (block.nombre_avis === 0) {
    return absentBlock({
      bloc: 'marches_publics_ue',
      raison: 'aucune_donnee',
      message: RAISONS_BLOC_ABSENT.find((r) => r.code === 'aucune_donnee')!.signification,
    });
  }
  return served(block, []);
}
