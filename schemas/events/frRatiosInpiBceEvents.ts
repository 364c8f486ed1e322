/**
 * The contract between the annual-accounts ingester and the projections that read it. The upstream file is
 * the CSV export of the open dataset "Ratios financiers (BCE / INPI)" (data.economie.gouv.fr, dataset
 * `ratios_inpi_bce`): `;`-separated, UTF-8 with a BOM, one row per company, closing date and kind of
 * statement. Entity events:
 *
 * - `register` = `fr.ratios-inpi-bce`, `kind` = `exercice`;
 * - `id` = `<siren>-<date_cloture_exercice>-<type_bilan>` (a company may file C, S and K statements for the
 *   same closing date: each is its own entity);
 * - `record` = the CSV row keyed by its header names as published, every value a string as written, empty
 *   cells as null; unknown columns are kept too;
 * - every exercise of a company goes to the company's stream `fr.ratios-inpi-bce-<siren>`.
 */
export const FR_RATIOS_INPI_BCE_REGISTER = 'fr.ratios-inpi-bce';
export const EXERCICE = 'exercice';

/** Header of the bulk export as published (checked against a byte copy of the live export's first line). */
export const RATIOS_COLUMNS = [
  'siren',
  'date_cloture_exercice',
  'chiffre_d_affaires',
  'marge_brute',
  'ebe',
  'ebit',
  'resultat_net',
  'taux_d_endettement',
  'ratio_de_liquidite',
  'ratio_de_vetuste',
  'autonomie_financiere',
  'poids_bfr_exploitation_sur_ca',
  'couverture_des_interets',
  'caf_sur_ca',
  'capacite_de_remboursement',
  'marge_ebe',
  'resultat_courant_avant_impots_sur_ca',
  'poids_bfr_exploitation_sur_ca_jours',
  'rotation_des_stocks_jours',
  'credit_clients_jours',
  'credit_fournisseurs_jours',
  'type_bilan',
  'confidentiality',
] as const;

/** Columns without which a row cannot be an exercise: it is set aside and counted in the pass report. */
export const RATIOS_KEY_COLUMNS = ['siren', 'date_cloture_exercice', 'type_bilan'] as const;

export type RatiosRecord = Record<string, string | null>;

export function exerciceId(siren: string, dateCloture: string, typeBilan: string): string {
  return `${siren}-${dateCloture}-${typeBilan}`;
}

/** `<siren>-<YYYY-MM-DD>-<type>` back to its parts, or null when the id is not one. */
export function parseExerciceId(
  id: string,
): { siren: string; dateCloture: string; typeBilan: string } | null {
  const m = /^(\d{9})-(\d{4}-\d{2}-\d{2})-(.+)$/.exec(id);
  return m ? { siren: m[1]!, dateCloture: m[2]!, typeBilan: m[3]! } : null;
}

export function frRatiosInpiBceStreamOf(row: { kind: string; id: string }): string {
  return `${FR_RATIOS_INPI_BCE_REGISTER}-${row.id.slice(0, 9)}`;
}
