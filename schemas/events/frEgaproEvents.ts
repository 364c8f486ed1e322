/**
 * The contract between the Egapro ingester and the projections that read it. The upstream file is the bulk
 * export of the gender-equality index (Ministère du Travail, `index-egalite-fh-utf8.csv`): `;`-separated,
 * UTF-8 with a BOM, CRLF line ends, one row per declaring SIREN and year. Its column set changed over the
 * years (17 columns in the first exports, 18 now): columns are read by name. Entity events:
 *
 * - `register` = `fr.egapro`, `kind` = `index`;
 * - `id` = `<SIREN>-<Année>` (one declaration per company and year);
 * - `record` = the CSV row keyed by its header names as published, every value a string as written and
 *   trimmed (notes are integers or `NC`, not computable), empty cells null; unknown columns are kept too;
 * - every year of a company goes to the company's stream `fr.egapro-<siren>`.
 *
 * The file names companies and their UES only (no declarant person): no natural person's data enters the log.
 */
export const FR_EGAPRO_REGISTER = 'fr.egapro';
export const EGAPRO_INDEX = 'index';

/**
 * Days after which a copy of the export is no longer served (the register dictionary's threshold, read by
 * the profile's reader too): the export is regenerated as declarations arrive, ingested monthly.
 */
export const FR_EGAPRO_FRESHNESS_DAYS = 45;

/** The columns both headers open with: the declaration, the company, then the pay-gap note. */
const EGAPRO_LEADING_COLUMNS = [
  'Année',
  'Structure',
  "Tranche d'effectifs",
  'SIREN',
  'Raison Sociale',
  'Nom UES',
  'Entreprises UES (SIREN)',
  'Région',
  'Département',
  'Pays',
  'Code NAF',
  'Note Ecart rémunération',
] as const;

/** The notes both headers close with. */
const EGAPRO_CLOSING_COLUMNS = [
  'Note Retour congé maternité',
  'Note Hautes rémunérations',
  'Note Index',
] as const;

/** The current header (18 columns), as published in the XLSX and its CSV export. */
export const EGAPRO_COLUMNS = [
  ...EGAPRO_LEADING_COLUMNS,
  "Note Ecart taux d'augmentation (hors promotion)",
  'Note Ecart taux de promotion',
  "Note Ecart taux d'augmentation",
  ...EGAPRO_CLOSING_COLUMNS,
] as const;

/**
 * The first exports' header (17 columns, seen in the SocialGouv/egapro exporter's test): one raises column
 * (`Note Ecart taux d'augmentation`), no `(hors promotion)` one. Only `Note Index` is read from either.
 */
export const EGAPRO_COLUMNS_FIRST = [
  ...EGAPRO_LEADING_COLUMNS,
  "Note Ecart taux d'augmentation",
  'Note Ecart taux de promotion',
  ...EGAPRO_CLOSING_COLUMNS,
] as const;

/** Columns without which a file is not an Egapro export: refused before anything is published. */
export const EGAPRO_REQUIRED_COLUMNS = ['Année', 'SIREN', 'Note Index'] as const;

/** The value a note takes when it could not be computed. */
export const NOTE_NON_CALCULABLE = 'NC';

export type EgaproRecord = Record<string, string | null>;

export function egaproIndexId(siren: string, annee: string): string {
  return `${siren}-${annee}`;
}

export function frEgaproStreamOf(row: { kind: string; id: string }): string {
  return `${FR_EGAPRO_REGISTER}-${row.id.slice(0, 9)}`;
}
