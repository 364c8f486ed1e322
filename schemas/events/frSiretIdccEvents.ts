/**
 * The contract between the SIRET-IDCC ingester and the projections that read it. The upstream file is the
 * open dataset "Liste des conventions collectives par entreprise (SIRET)" (Ministère du Travail, from the
 * DSN, about 2.4 million rows): `,`-separated, one row per establishment and collective agreement declared
 * (an establishment may declare several). Header `MOIS,SIRET,IDCC,DATE_MAJ` in 2019; the current file is
 * UTF-8 with a BOM and may spell it in lower case (`mois,siret,idcc,datemaj`): columns are read by name,
 * whatever their case. Entity events:
 *
 * - `register` = `fr.siret-idcc`, `kind` = `convention`;
 * - `id` = `<SIRET>-<IDCC>` with the IDCC on 4 digits (`78805937600194-0413`): a row is unique by both;
 * - the row is stored as values (EntityValuesData) in the order of `SIRET_IDCC_COLUMNS`, whatever the
 *   header's spelling, each trimmed (the 2019 file pads IDCC with trailing spaces), empty cells null; read
 *   back as a record keyed by those names;
 * - every row of a company goes to the company's stream `fr.siret-idcc-<siren>` (SIREN = the SIRET's first
 *   9 digits).
 *
 * IDCC 5100, 5501, 9998 and 9999 are states (no agreement, agreement not in force yet, ...), not agreements.
 */
export const FR_SIRET_IDCC_REGISTER = 'fr.siret-idcc';
export const CONVENTION = 'convention';

/**
 * Days after which a copy of the file is no longer served (the register dictionary's threshold, read by the
 * profile's reader too), counted from the download: the file is re-read monthly.
 */
export const FR_SIRET_IDCC_FRESHNESS_DAYS = 45;

/** The stored columns: the file's, named once in lower case (`DATE_MAJ` and `datemaj` are `date_maj`). */
export const SIRET_IDCC_COLUMNS = ['mois', 'siret', 'idcc', 'date_maj'] as const;

export type SiretIdccColumn = (typeof SIRET_IDCC_COLUMNS)[number];

/** An IDCC as published (`1505  `, `0`, `16`) on its 4 digits (`1505`, `0000`, `0016`); null when not one. */
export function idccCode(raw: string | null | undefined): string | null {
  const v = raw?.trim() ?? '';
  return /^\d{1,4}$/.test(v) ? v.padStart(4, '0') : null;
}

export function conventionId(siret: string, idcc: string): string {
  return `${siret}-${idcc}`;
}

export function frSiretIdccStreamOf(row: { kind: string; id: string }): string {
  return `${FR_SIRET_IDCC_REGISTER}-${row.id.slice(0, 9)}`;
}
