/**
 * Event contract of Lithuania's Register of Legal Entities open data (register `lt.jar`, Registrų centras).
 * One pass reads `|`-delimited UTF-8 files of registrucentras.lt/aduomenys; records keep the source column
 * names, empty fields null. Entities:
 * - `juridinis_asmuo`: a row of `JAR_IREGISTRUOTI.csv`, id = `ja_kodas` (9 digits with its check digit). A
 *   row whose legal form is a sole trader's keeps no name and no address (the contract never names them);
 * - `fa_eilute`: one line of filed annual accounts, from a legacy per-year file
 *   (`JAR_FA_RODIKLIAI_PLNA_<YEAR>.csv`, one filing a row, its three indicators as three lines) or from a
 *   long file (`JAR_FA_RODIKLIAI_{PLNA|BLNS}_<YEAR>_n.csv`, one line a row), in one shape (LtAccountLine),
 *   id = the SHA-256 of that shape;
 * - `fichier`: which file of each role the pass read (see ingest/core/filesPass.ts).
 */
export const LT_JAR_REGISTER = 'lt.jar';
export const LEGAL_ENTITY = 'juridinis_asmuo';
export const ACCOUNT_LINE = 'fa_eilute';

/** One line of a filing, whatever file it came from (source names kept where the file has them). */
export interface LtAccountLine {
  ja_kodas: string;
  template_id: string | null;
  template_name: string | null;
  standard_id: string | null;
  standard_name: string | null;
  /** `line_type_id` of a long file; a legacy file's column name (`pardavimo_pajamos`…) otherwise. */
  line_type_id: string;
  line_name: string | null;
  reiksme: string | null;
  beginning_date: string | null;
  turning_date: string | null;
  reg_date: string | null;
  /** The file the line was read from (its base name). */
  byla: string;
}

export const ltJarStreamOf = (row: { kind: string; id: string }) =>
  `${LT_JAR_REGISTER}-${row.kind}-${row.id}`;
