import type { ColumnSpec } from '../core/filesPass.ts';

/** `organisations_NN.csv`: the 11 columns seen in every public parser (shared/FORMATS-EXTRA.md §2). */
export const ORGANISATIONS_COLUMNS: ColumnSpec = {
  required: ['ORGANISATION_NAME', 'REGISTRATION_NO', 'ORGANISATION_TYPE_CODE', 'ORGANISATION_STATUS'],
  known:
    'ORGANISATION_NAME,REGISTRATION_NO,ORGANISATION_TYPE_CODE,ORGANISATION_TYPE,ORGANISATION_SUB_TYPE,NAME_STATUS_CODE,NAME_STATUS,REGISTRATION_DATE,ORGANISATION_STATUS,ORGANISATION_STATUS_DATE,ADDRESS_SEQ_NO'.split(
      ',',
    ),
};

/** `registered_office_NN.csv` (column order not confirmed: mapped by name). */
export const REGISTERED_OFFICE_COLUMNS: ColumnSpec = {
  required: ['ADDRESS_SEQ_NO'],
  known: ['ADDRESS_SEQ_NO', 'STREET', 'BUILDING', 'TERRITORY'],
};
