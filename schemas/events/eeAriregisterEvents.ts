/**
 * Event contract of the Estonian e-Business Register open data (register `ee.ariregister`). One pass reads
 * several files; entities, all keyed by the 8-digit registry code:
 * - `ettevotja`: a row of `ettevotja_rekvisiidid__lihtandmed.csv`, source column names, dates as published
 *   (`DD.MM.YYYY`), empty fields null;
 * - `isikud`: an object of `..._kaardile_kantud_isikud.json` (`ariregistri_kood`, `nimi`,
 *   `kaardile_kantud_isikud[]`);
 * - `osanikud`: an object of `..._osanikud.json` (`osanikud[]`, `osapandid_tingimuslikud_voorandamised[]`);
 * - `yldandmed`: an object of `..._yldandmed.json` (general data: status history, annual-report summaries,
 *   activities, capital...), except a sole proprietor's (FIE), which is a natural person's and never kept;
 * - `kasusaajad`: an object of `..._kasusaajad.json` (beneficial owners, `kasusaajad[]`), each owner kept
 *   with the control type, dates and country of residence only;
 * - `fichier`: which file of each role the pass read (see ingest/core/filesPass.ts).
 * Personal data minimisation at the door: a natural person's (`isiku_tyyp` F) personal code, its hash, birth
 * date, address and e-mail never enter the log; a natural-person shareholder, founder, owner-partner on the
 * card, or beneficial owner keeps no name either (the contract counts them, never names them). Officers keep
 * first name and last name, which the contract serves.
 */
export const EE_ARIREGISTER_REGISTER = 'ee.ariregister';
export const ETTEVOTJA = 'ettevotja';
export const ISIKUD = 'isikud';
export const OSANIKUD = 'osanikud';
export const YLDANDMED = 'yldandmed';
export const KASUSAAJAD = 'kasusaajad';

export const eeAriregisterStreamOf = (row: { kind: string; id: string }) =>
  `${EE_ARIREGISTER_REGISTER}-${row.kind}-${row.id}`;
