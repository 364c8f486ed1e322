import type { ColumnSpec } from '../core/filesPass.ts';

/** The company's code, name, legal form and status, as the register's files name them. */
const COMPANY_COLUMNS = [
  'ja_kodas',
  'ja_pavadinimas',
  'form_kodas',
  'form_pavadinimas',
  'stat_kodas',
  'stat_pavadinimas',
] as const;

/** `JAR_IREGISTRUOTI.csv`, header verbatim (shared/samples/lithuania-jar/). */
export const REGISTERED_COLUMNS: ColumnSpec = {
  required: COMPANY_COLUMNS,
  known:
    'ja_kodas|ja_pavadinimas|adresas|ja_reg_data|form_kodas|form_pavadinimas|stat_kodas|stat_pavadinimas|stat_data_nuo|formavimo_data'.split(
      '|',
    ),
};

/** Legacy `JAR_FA_RODIKLIAI_PLNA_<YEAR>.csv` (comma), header verbatim (shared/samples/lithuania-jar/). */
export const LEGACY_PROFIT_LOSS_HEADER =
  'obj_kodas,obj_pav,form_kodas,form_pav,stat_statusas,stat_pav,template_id,template_name,standard_id,standard_name,laikotarpis_nuo,laikotarpis_iki,reg_date,pelnas_pries_apmokestinima,grynasis_pelnas,pardavimo_pajamos,formavimo_data'.split(
    ',',
  );

/** The indicators of the legacy profit-and-loss file, each served as one line of the filing. */
export const LEGACY_PROFIT_LOSS_INDICATORS = [
  'pardavimo_pajamos',
  'pelnas_pries_apmokestinima',
  'grynasis_pelnas',
];

/**
 * Long `JAR_FA_RODIKLIAI_{PLNA|BLNS}_<YEAR>_n.csv` (`|`): field names read in a public reuser's importer and
 * tests; their order in the file was not seen (columns are read by name).
 */
export const LONG_ACCOUNTS_COLUMNS: ColumnSpec = {
  required: ['ja_kodas', 'line_type_id', 'reiksme', 'beginning_date', 'turning_date', 'reg_date'],
  known: [
    ...COMPANY_COLUMNS,
    'template_id',
    'template_name',
    'standard_id',
    'standard_name',
    'line_type_id',
    'line_name',
    'reiksme',
    'beginning_date',
    'turning_date',
    'reg_date',
    'formavimo_data',
  ],
};

export const LEGACY_PROFIT_LOSS_COLUMNS: ColumnSpec = {
  required: ['obj_kodas', 'laikotarpis_nuo', 'laikotarpis_iki', 'reg_date'],
  known: LEGACY_PROFIT_LOSS_HEADER,
};
