import type { ColumnSpec } from '../core/filesPass.ts';

/**
 * Headers of the ONRC files (shared/FORMATS.md §8, FORMATS-MORE.md §3; ingest/ro-onrc/demo/SOURCE.txt).
 * OD_FIRME: 20 columns, verbatim in three independent parsers of the real file.
 */
export const FIRME_COLUMNS: ColumnSpec = {
  required: ['DENUMIRE', 'CUI', 'COD_INMATRICULARE', 'FORMA_JURIDICA'],
  known: [
    'DENUMIRE',
    'CUI',
    'COD_INMATRICULARE',
    'DATA_INMATRICULARE',
    'EUID',
    'FORMA_JURIDICA',
    'ADR_TARA',
    'ADR_JUDET',
    'ADR_LOCALITATE',
    'ADR_DEN_STRADA',
    'ADR_NR_STRADA',
    'ADR_BLOC',
    'ADR_SCARA',
    'ADR_ETAJ',
    'ADR_APARTAMENT',
    'ADR_COD_POSTAL',
    'ADR_SECTOR',
    'ADR_COMPLETARE',
    'WEB',
    'TARA_FIRMA_MAMA',
  ],
};

/** OD_STARE_FIRMA: one status code of a company a row. */
export const STARE_FIRMA_COLUMNS: ColumnSpec = {
  required: ['COD_INMATRICULARE', 'COD'],
  known: ['COD_INMATRICULARE', 'COD'],
};

/** N_STARE_FIRMA: the status nomenclature. */
export const N_STARE_FIRMA_COLUMNS: ColumnSpec = {
  required: ['COD', 'DENUMIRE'],
  known: ['COD', 'DENUMIRE'],
};

/** OD_REPREZENTANTI_LEGALI: 10 columns (header checked verbatim by two reusers' parsers). */
export const REPREZENTANTI_COLUMNS: ColumnSpec = {
  required: ['COD_INMATRICULARE', 'PERSOANA_IMPUTERNICITA', 'CALITATE', 'DATA_NASTERE'],
  known: [
    'COD_INMATRICULARE',
    'PERSOANA_IMPUTERNICITA',
    'CALITATE',
    'DATA_NASTERE',
    'LOCALITATE_NASTERE',
    'JUDET_NASTERE',
    'TARA_NASTERE',
    'LOCALITATE',
    'JUDET',
    'TARA',
  ],
};
