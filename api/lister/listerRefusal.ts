import { ApiError } from '../errors/apiError.ts';

/** The 400 codes of the list routes (spec: "closed list of the list routes"), plus the time budget's. */
export const LISTER_REFUSAL_CODES = [
  'parametre_inconnu',
  'criteres_illisibles',
  'criteres_trop_longs',
  'trop_de_criteres',
  'champ_inconnu',
  'champ_indisponible',
  'champ_non_filtrable',
  'operateur_refuse',
  'valeur_invalide',
  'personnes_physiques_exclues',
  'tri_refuse',
  'page_hors_bornes',
  'champ_de_sortie_inconnu',
  'requete_trop_large',
] as const;

export type ListerRefusalCode = (typeof LISTER_REFUSAL_CODES)[number];

/**
 * A refusal of the list routes: `{error, champ, message, indice, nom}`. `champ` is the query parameter at
 * fault; `indice` the 0-based position of the faulty criterion in `criteres` (or of the faulty name in
 * `champs`), null when the refusal is not about one item; `nom` the field name concerned, or null.
 */
export function listerRefusal(
  code: ListerRefusalCode,
  champ: string,
  message: string,
  at: { indice?: number | null; nom?: string | null } = {},
): ApiError {
  return new ApiError(400, code, message, {
    champ,
    extra: { indice: at.indice ?? null, nom: at.nom ?? null },
  });
}
