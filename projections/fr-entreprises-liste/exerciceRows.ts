import type { RatiosRecord } from '../../schemas/events/frRatiosInpiBceEvents.ts';

export interface ExerciceRow {
  siren: string;
  date_cloture: string;
  type_bilan: string;
  /** Date of the export the row came from: a closing date after it is not a qualified exercise. */
  date_photo: string | null;
  confidentialite: string | null;
  ca: number | null;
  resultat_net: number | null;
  ebe: number | null;
  bfr_sur_ca: number | null;
}

/**
 * What may be served of one exercise. Accounts filed "Partiellement confidentiel" (or with any status other
 * than "Public") have their income statement withheld under article L. 232-25 of the Code de commerce: the
 * export then carries technical zeros for turnover, gross margin, EBITDA and EBIT, so every figure drawn from
 * the income statement (turnover, EBITDA, working capital over turnover) is null, never 0. The net result is
 * a balance-sheet line, published in the balance sheet such filings still make public; it is kept, except
 * for accounts that are wholly confidential, of which nothing is served.
 */
export function exerciceRowOf(
  key: { siren: string; dateCloture: string; typeBilan: string },
  r: RatiosRecord,
  datePhoto: string | null,
): ExerciceRow {
  const confidentialite = r.confidentiality?.trim() || null;
  const isPublic = confidentialite === 'Public';
  const wholly = confidentialite !== null && /^confidentiel/i.test(confidentialite);
  return {
    siren: key.siren,
    date_cloture: key.dateCloture,
    type_bilan: key.typeBilan,
    date_photo: datePhoto,
    confidentialite,
    ca: isPublic ? amount(r.chiffre_d_affaires) : null,
    resultat_net: wholly || confidentialite === null ? null : amount(r.resultat_net),
    ebe: isPublic ? amount(r.ebe) : null,
    bfr_sur_ca: isPublic ? ratio(r.poids_bfr_exploitation_sur_ca) : null,
  };
}

/** Euros as published ("24812000000", "1848367.0"), rounded to the euro; null when unreadable. */
function amount(value: string | null | undefined): number | null {
  const n = ratio(value);
  return n === null || !Number.isSafeInteger(Math.round(n)) ? null : Math.round(n);
}

function ratio(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : null;
}
