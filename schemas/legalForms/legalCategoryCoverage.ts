/**
 * Which INSEE legal categories (niveau III, `categorieJuridiqueUniteLegale`) the French routes serve: one rule
 * for the profile and every per-company route, the search and the list. Refused:
 * - `1000`, sole proprietor: a natural person (its name is the person's);
 * - groups without legal personality: `0000` (collective investment undertaking), every `2xxx` (indivisions,
 *   de facto and joint ventures, often named after their members) and `9210` (undeclared association).
 */
export type LegalCategoryRefusal = 'entreprise_individuelle' | 'groupement_sans_personnalite_morale';

export function legalCategoryRefusal(category: string): LegalCategoryRefusal | null {
  if (category === '1000') return 'entreprise_individuelle';
  if (category === '0000' || category === '9210' || category.startsWith('2')) {
    return 'groupement_sans_personnalite_morale';
  }
  return null;
}

/**
 * The same rule in SQL, over a column holding the published category: true only for a category that is
 * published, well formed and served (legal persons, 3xxx to 9xxx, bar 9210).
 */
export function servedLegalCategorySql(column: string): string {
  return `(${column} ~ '^[3-9][0-9]{3}$' and ${column} <> '9210')`;
}
