/**
 * Event contract of Brønnøysund's Regnskapsregisteret open API (register `no.regnskap`), as recorded answers
 * of `GET https://data.brreg.no/regnskapsregisteret/regnskap/{orgnr}`. Entity `regnskap`, id = the
 * organisation number asked; the record is what the API answered for it: the HTTP status, and on a 200 the
 * JSON array as published (brreg's own field names, misspellings included: `regnkapsprinsipper`,
 * `sumInnskuttEgenkaptial`), on another status the error body's `message` only.
 */
export const NO_REGNSKAP_REGISTER = 'no.regnskap';
export const REGNSKAP = 'regnskap';

/** One recorded answer as kept in the log. */
export interface NoRegnskapRecord {
  /** HTTP status of the answer: 200 (accounts served), 404 (none), 500 (e.g. an unsupported layout). */
  status: number;
  /** The accounts as published on a 200 (public answer: the latest filed year, company accounts). */
  regnskap: Record<string, unknown>[];
  /** The error body's `message` on a status other than 200 (e.g. an unsupported `oppstillingsplan`). */
  melding: string | null;
}

export const noRegnskapStreamOf = (row: { kind: string; id: string }) =>
  `${NO_REGNSKAP_REGISTER}-${row.kind}-${row.id}`;
