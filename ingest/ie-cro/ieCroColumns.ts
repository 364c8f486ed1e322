import type { ColumnSpec } from '../core/filesPass.ts';

/** `companies.csv`: the 21 columns of the published header (shared/FORMATS-EXTRA.md §3). */
export const COMPANIES_COLUMNS: ColumnSpec = {
  required: ['company_num', 'company_name', 'company_status', 'company_type_code', 'company_type'],
  known:
    'company_num,company_name,company_status_code,company_status,company_type_code,company_type,company_reg_date,last_ar_date,company_address_1,company_address_2,company_address_3,company_address_4,comp_dissolved_date,nard,last_accounts_date,company_status_date,nace_v2_code,eircode,company_name_eff_date,company_type_eff_date,princ_object_code'.split(
      ',',
    ),
};
