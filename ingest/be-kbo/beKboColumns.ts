import type { ColumnSpec } from '../core/filesPass.ts';

/** A file whose every known column is required. */
const allRequired = (columns: readonly string[]): ColumnSpec => ({ required: columns, known: columns });

/** Headers of the KBO open-data files, verbatim from shared/FORMATS-MORE.md §6 and the real Update sample. */
export const KBO_COLUMNS = {
  enterprise: {
    required: ['EnterpriseNumber', 'Status', 'JuridicalSituation', 'TypeOfEnterprise', 'JuridicalForm'],
    known: [
      'EnterpriseNumber',
      'Status',
      'JuridicalSituation',
      'TypeOfEnterprise',
      'JuridicalForm',
      'JuridicalFormCAC',
      'StartDate',
    ],
  },
  denomination: allRequired(['EntityNumber', 'Language', 'TypeOfDenomination', 'Denomination']),
  address: {
    required: ['EntityNumber', 'TypeOfAddress'],
    known: [
      'EntityNumber',
      'TypeOfAddress',
      'CountryNL',
      'CountryFR',
      'Zipcode',
      'MunicipalityNL',
      'MunicipalityFR',
      'StreetNL',
      'StreetFR',
      'HouseNumber',
      'Box',
      'ExtraAddressInfo',
      'DateStrikingOff',
    ],
  },
  code: allRequired(['Category', 'Code', 'Language', 'Description']),
} satisfies Record<string, ColumnSpec>;

/** The key column of each table's `_delete` file in an Update extract. */
export const KBO_DELETE_KEYS = {
  enterprise: 'EnterpriseNumber',
  denomination: 'EntityNumber',
  address: 'EntityNumber',
} as const;
