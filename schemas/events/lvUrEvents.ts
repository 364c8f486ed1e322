/**
 * Event contract of the Latvian Register of Enterprises open data (register `lv.ur`). One pass reads several
 * `;`-delimited UTF-8 files of dati.ur.gov.lv; records keep the source column names, empty fields null.
 * Entities:
 * - `register`: a row of `register/register.csv`, id = `regcode` (11 digits);
 * - `member`: a row of `members/members.csv`, id = its `id`;
 * - `officer`: a row of `officers/officers.csv`, id = its `id`;
 * - `beneficial_owner`: a row of `beneficial_owners/beneficial_owners.csv`, id = its `id`, or when the
 *   file has none, the SHA-256 of the row's published fields;
 * - `liquidation`, `suspension`, `securing_measure`: rows of the legal-events files `liquidations.csv`,
 *   `suspensions_prohibitions.csv`, `securing_measures.csv`;
 * - `insolvency_proceeding`: a row of `insolvency_legal_person_proceeding.csv`, restricted to the columns
 *   the service serves (no insolvency practitioner ever enters the log);
 * - `reorganization`: a row of `reorganizations/reorganizations.csv` (mergers, divisions, transformations: a
 *   source company, a final company), id = its `id`;
 * - `financial_statement`: a row of `financial_data/financial_statements.csv` (one filed annual report);
 * - `balance_sheet`, `income_statement`, `cash_flow_statement`: rows of `balance_sheets.csv`,
 *   `income_statements.csv`, `cash_flow_statements.csv`, id = their `statement_id` (the report's `id`);
 * - (legal-events rows without an `id` column are keyed by the SHA-256 of their published fields);
 * - `fichier`: which file of each role the pass read (see ingest/core/filesPass.ts).
 * Personal data minimisation at the door: a natural person's masked identity number and birth date never
 * enter the log; natural persons among members and beneficial owners keep no name (the contract counts
 * them, never names them). Officers keep the published name.
 */
export const LV_UR_REGISTER = 'lv.ur';
export const REGISTER_ROW = 'register';
export const MEMBER = 'member';
export const OFFICER = 'officer';
export const BENEFICIAL_OWNER = 'beneficial_owner';
export const LIQUIDATION = 'liquidation';
export const SUSPENSION = 'suspension';
export const SECURING_MEASURE = 'securing_measure';
export const INSOLVENCY_PROCEEDING = 'insolvency_proceeding';
export const FINANCIAL_STATEMENT = 'financial_statement';
export const REORGANIZATION = 'reorganization';
export const BALANCE_SHEET = 'balance_sheet';
export const INCOME_STATEMENT = 'income_statement';
export const CASH_FLOW_STATEMENT = 'cash_flow_statement';

export const lvUrStreamOf = (row: { kind: string; id: string }) => `${LV_UR_REGISTER}-${row.kind}-${row.id}`;
