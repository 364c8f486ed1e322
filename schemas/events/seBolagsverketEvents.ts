/**
 * Event contract of Bolagsverket's bulk file (`bolagsverket_bulkfil.zip`, weekly; register `se.bolagsverket`).
 * `;`-separated UTF-8, every field double-quoted, sub-fields separated by `$`, repeated values by `|`.
 * Entities:
 * - `organisation`: a row of the file, id = the 10-digit organisationsnummer of `organisationsidentitet`
 *   (`5560012402$ORGNR-IDORG`); the record is the row's eleven fields as published (control characters
 *   removed, the placeholder `null` and empty fields as null); rows of one number are merged (names joined
 *   by `|`);
 * - `fichier`: which file the pass read (see ingest/core/filesPass.ts).
 * Sole traders never enter the log: a row identified by a personnummer (`$PERSON-IDORG`), of form
 * `E-ORGFO`, or identified by anything but an organisationsnummer with a valid check digit is not read.
 */
export const SE_BOLAGSVERKET_REGISTER = 'se.bolagsverket';
export const ORGANISATION = 'organisation';

export type SeBolagsverketRecord = Record<string, string | null>;

export const seBolagsverketStreamOf = (row: { kind: string; id: string }) =>
  `${SE_BOLAGSVERKET_REGISTER}-${row.kind}-${row.id}`;
