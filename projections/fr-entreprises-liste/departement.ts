/**
 * The département of an address in Sirene terms, from the commune's INSEE code first (it is exact), the
 * postal code only when the commune code is absent:
 *
 * - Corsica: commune codes start with `2A` or `2B`, which is taken as is; a postal code `20xxx` without a
 *   commune code gives `2A` below 20200 and `2B` from 20200 (the postal split, which misplaces a handful of
 *   villages: the commune code is preferred for that reason);
 * - overseas: codes starting with `97` or `98` take three characters: `971` Guadeloupe, `972` Martinique,
 *   `973` Guyane, `974` La Réunion, `976` Mayotte, and the collectivities `975` Saint-Pierre-et-Miquelon,
 *   `977` Saint-Barthélemy, `978` Saint-Martin, `984`–`988` (TAAF, Wallis-et-Futuna, Polynésie, Nouvelle-
 *   Calédonie, Clipperton). By postal code, Saint-Barthélemy (97133) and Saint-Martin (97150) fall under
 *   `971`, as La Poste files them;
 * - Monaco (postal code `980xx`) and addresses abroad (a foreign country code, or no French code at all):
 *   null, as no French département is published;
 * - otherwise the first two characters (`01`…`95`).
 */
export function departementOf(address: {
  codeCommune: string | null;
  codePostal: string | null;
  codePaysEtranger?: string | null;
}): string | null {
  if (address.codePaysEtranger) return null;
  const commune = address.codeCommune?.trim().toUpperCase() ?? '';
  if (/^(2A|2B)\d{3}$/.test(commune)) return commune.slice(0, 2);
  if (/^9[78]\d{3}$/.test(commune)) return commune.slice(0, 3);
  // A numeric `20xxx` commune code predates the 1976 split of Corsica: the postal code decides below.
  if (/^\d{5}$/.test(commune) && !commune.startsWith('20')) return commune.slice(0, 2);
  const postal = address.codePostal?.trim() ?? '';
  if (!/^\d{5}$/.test(postal)) return null;
  if (postal.startsWith('20')) return Number(postal) < 20200 ? '2A' : '2B';
  if (postal.startsWith('980')) return null;
  if (postal.startsWith('97') || postal.startsWith('98')) return postal.slice(0, 3);
  if (postal.startsWith('00')) return null;
  return postal.slice(0, 2);
}

/** Every département code `departementOf` can return, for validating criteria. */
export const DEPARTEMENT_PATTERN = /^(0[1-9]|1\d|2[1-9]|2A|2B|[3-8]\d|9[0-5]|97[1-8]|98[4-8])$/;
