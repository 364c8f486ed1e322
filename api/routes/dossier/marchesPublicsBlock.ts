import type { Knex } from 'knex';
import { RAISONS_BLOC_ABSENT } from '../../../schemas/enums/blocAbsent.ts';
import { absentBlock, type BlockReading, served } from '../entreprise/blockReading.ts';
import { readMarchesPublics } from '../marchesPublics.ts';

/** Contracts the dossier's block lists (its counts and total cover them all). */
export const MARCHES_BLOCK_LIMIT = 10;

/**
 * The dossier's `marches_publics` block: the route's summary and the most recent contracts. No contract, as
 * holder or buyer, in the (complete) copy: absent `aucune_donnee`, not charged, as `finances`.
 */
export async function readMarchesPublicsBlock(
  knex: Knex,
  unit: { siren: string; denomination: string | null },
): Promise<BlockReading<Record<string, unknown>>> {
  const block = await readMarchesPublics(knex, unit, MARCHES_BLOCK_LIMIT);
  if (block.nombre_marches_titulaire === 0 && block.nombre_marches_acheteur === 0) {
    return absentBlock({
      bloc: 'marches_publics',
      raison: 'aucune_donnee',
      message: RAISONS_BLOC_ABSENT.find((r) => r.code === 'aucune_donnee')!.signification,
    });
  }
  return served(block, []);
}
