/**
 * Event contract of the Latvian Register of Enterprises open data (register `lv.ur`). One pass reads several
 * `;`-delimited UTF-8 files of dati.ur.gov.lv; records keep the source column names, empty fields null.
 * Entities:
 * - `register`: a row of `register/register.csv`, id = `regcode` (11 digits);
 * - `member`: a row of `members/members.csv`, id = its `id`;
 * - `officer`: a row of `officers/officers.csv`, id = its `id`;
 * - `beneficial_owner`: a row of `beneficial_owners/beneficial_owners.csv`, id = its `id`, or when the
 *   file has none, the SHA-256 of the row's published fields;
 * - `fichier`: which file of each role the pass read (see ingest/core/filesPass.ts).
 * Personal data minimisation at the door: a natural person's masked identity number and birth date never
 * enter the log; natural persons among members and beneficial owners keep no name (the contract counts
 * them, never names them). Officers keep the published name.
 */
export const UR_REGISTER = 'lv.ur';
export const REGISTER_ROW = 'register';
export const MEMBER = 'member';
export const OFFICER = 'officer';
export const BENEFICIAL_OWNER = 'beneficial_owner';

export const urStreamOf = (row: { kind: string; id: string }) => `${UR_REGISTER}-${row.kind}-${row.id}`;
