/**
 * Event contract of Ireland's Companies Registration Office open data (register `ie.cro`). One pass reads the
 * daily companies file (`companies.csv`, served zipped). Entities:
 * - `company`: a row of the file, keyed by `company_num` without leading zeros; the record is the row with
 *   the file's own column names, every value a string as published (dates `YYYY-MM-DD`, `nace_v2_code` as a
 *   float such as `4741.0`), empty fields null;
 * - `fichier`: which file the pass read (see ingest/core/filesPass.ts).
 * The file holds companies only (no officers, no business names), so no natural person's data enters the log.
 */
export const IE_CRO_REGISTER = 'ie.cro';
export const COMPANY = 'company';

export const ieCroStreamOf = (row: { kind: string; id: string }) =>
  `${IE_CRO_REGISTER}-${row.kind}-${row.id}`;
