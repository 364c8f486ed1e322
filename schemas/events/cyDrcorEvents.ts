/**
 * Event contract of Cyprus's Department of Registrar of Companies open data (register `cy.drcor`). One pass
 * reads two files of the data.gov.cy dataset:
 * - `organisation`: a row of `organisations_NN.csv`, keyed by the registration number with its prefix
 *   (`HE489243`: C → HE, O → AE, P → S, N → BN, B → B), source column names, values as published (dates
 *   `DD/MM/YYYY`), empty fields null. A record the source split across two lines is re-joined first.
 * - `registered_office`: a row of `registered_office_NN.csv`, keyed by its `ADDRESS_SEQ_NO`.
 * - `fichier`: which file of each role the pass read (see ingest/core/filesPass.ts).
 * The officials file (`organisation_officials_NN.csv`), which names natural persons with no flag telling
 * them from companies, is not read: no route of the contract serves Cypriot officials.
 */
export const CY_DRCOR_REGISTER = 'cy.drcor';
export const ORGANISATION = 'organisation';
export const REGISTERED_OFFICE = 'registered_office';

export const cyDrcorStreamOf = (row: { kind: string; id: string }) =>
  `${CY_DRCOR_REGISTER}-${row.kind}-${row.id}`;
