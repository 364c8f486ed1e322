import {
  type NiveauRaisonFacturation,
  RAISONS_FACTURATION,
  type RaisonFacturation,
} from '../../../schemas/enums/raisonsFacturation.ts';

/** One reason of a verdict: its code, its level (from the closed list) and the source that raised it. */
export interface RaisonVerdict {
  code: RaisonFacturation;
  niveau: NiveauRaisonFacturation;
  source: string;
}

/** A reason of the closed list, raised by `source` (a register code, or `requete` for the question itself). */
export const raison = (code: RaisonFacturation, source: string): RaisonVerdict => ({
  code,
  niveau: RAISONS_FACTURATION.find((r) => r.code === code)!.niveau,
  source,
});

/** The verdict: ready to invoice only when no reason blocks or warns. */
export function verdictOf(raisons: readonly RaisonVerdict[]) {
  return {
    pret_a_facturer: raisons.every((r) => r.niveau === 'information'),
    raisons: [...raisons],
  };
}
