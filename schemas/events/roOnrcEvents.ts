/**
 * Event contract of Romania's trade register open data (ONRC on data.gov.ro, register `ro.onrc`). One pass
 * reads the `^`-separated UTF-8 files of one monthly release (`firme-DD-MM-YYYY`), quoting off; records keep
 * the source column names, empty fields null. Entities:
 * - `stare_libelle`: a row of `N_STARE_FIRMA.CSV` (status nomenclature), id = its `COD`;
 * - `firma`: a row of `OD_FIRME.CSV`, id = its `COD_INMATRICULARE` (classic `J40/19358/2021` or new
 *   `J2025048519000`; the `CUI` may be empty or `0`); a natural person trading (PFA, II, IF, an `F`
 *   number) keeps only `CUI`, `COD_INMATRICULARE`, `DATA_INMATRICULARE`, `EUID`, `FORMA_JURIDICA`;
 * - `stare`: a row of `OD_STARE_FIRMA.CSV`, id = `<COD_INMATRICULARE>|<COD>` (a company has several);
 * - `mandatar`: a row of `OD_REPREZENTANTI_LEGALI.CSV` whose `CALITATE` is an insolvency or liquidation
 *   role, id = `<COD_INMATRICULARE>|<CALITATE>|<n>`. Only `COD_INMATRICULARE`, `CALITATE` and, for a legal
 *   person, `PERSOANA_IMPUTERNICITA` enter the log, with `PERSOANA` (`juridica` or `fizica`): a natural
 *   person's name, birth date, birthplace and residence never do, nor any other representative's row;
 * - `fichier`: which file of each role the pass read (see ingest/core/filesPass.ts).
 */
export const RO_ONRC_REGISTER = 'ro.onrc';
export const STATUS_LABEL = 'stare_libelle';
export const FIRM = 'firma';
export const STATUS = 'stare';
export const PRACTITIONER = 'mandatar';

export const roOnrcStreamOf = (row: { kind: string; id: string }) =>
  `${RO_ONRC_REGISTER}-${row.kind}-${row.id}`;
