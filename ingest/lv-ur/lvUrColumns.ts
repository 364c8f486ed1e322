import type { ColumnSpec } from '../core/filesPass.ts';

const split = (header: string) => header.split(';');

/** `register.csv`, header verbatim (FORMATS.md §6). */
export const REGISTER_COLUMNS: ColumnSpec = {
  required: ['regcode', 'name', 'type', 'terminated', 'closed'],
  known: split(
    'regcode;sepa;name;name_before_quotes;name_in_quotes;name_after_quotes;without_quotes;regtype;regtype_text;type;type_text;registered;terminated;closed;address;index;addressid;region;city;atvk;reregistration_term',
  ),
};

/** `officers.csv`, header verbatim (a reuser's verified schema). */
export const OFFICERS_COLUMNS: ColumnSpec = {
  required: ['id', 'at_legal_entity_registration_number', 'entity_type', 'name'],
  known: split(
    'id;uri;at_legal_entity_registration_number;entity_type;position;governing_body;name;latvian_identity_number_masked;birth_date;legal_entity_registration_number;rights_of_representation_type;representation_with_at_least;registered_on;last_modified_at',
  ),
};

/** `members.csv`: names read by public importers; the full published header was not seen. */
export const MEMBERS_COLUMNS: ColumnSpec = {
  required: ['id', 'at_legal_entity_registration_number', 'entity_type'],
  known: split(
    'id;uri;at_legal_entity_registration_number;entity_type;name;forename;surname;latvian_identity_number_masked;birth_date;legal_entity_registration_number;number_of_shares;share_nominal_value;share_currency;date_from;registered_on;last_modified_at',
  ),
};

/** `beneficial_owners.csv`: names read by public importers. */
export const BENEFICIAL_OWNERS_COLUMNS: ColumnSpec = {
  required: ['legal_entity_registration_number'],
  known: split(
    'id;legal_entity_registration_number;forename;surname;latvian_identity_number_masked;birth_date;nationality;residence;registered_on;last_modified_at',
  ),
};

export const LIQUIDATIONS_COLUMNS: ColumnSpec = {
  required: ['legal_entity_registration_number', 'date_from'],
  known: split(
    'id;legal_entity_registration_number;liquidation_type;liquidation_type_text;grounds_for_liquidation;date_from',
  ),
};

export const SUSPENSIONS_COLUMNS: ColumnSpec = {
  required: ['legal_entity_registration_number', 'date_from'],
  known: split(
    'id;legal_entity_registration_number;suspension_code;suspension_code_text;ground_for;date_from',
  ),
};

export const SECURING_MEASURES_COLUMNS: ColumnSpec = {
  required: ['legal_entity_registration_number', 'date_from'],
  known: split(
    'id;legal_entity_registration_number;securing_measure_type;securing_measure_type_text;type_details;institution_name;case_number;date_from',
  ),
};

/** The insolvency file has more columns than the service keeps; only the kept ones are checked. */
export const INSOLVENCY_COLUMNS: ColumnSpec = {
  required: ['debtor_registration_number', 'proceeding_started_on'],
};

/** `financial_statements.csv`, header verbatim (FORMATS.md §6). */
export const FINANCIAL_STATEMENTS_COLUMNS: ColumnSpec = {
  required: ['legal_entity_registration_number', 'year'],
  known: split(
    'id;file_id;legal_entity_registration_number;source_schema;source_type;year;year_started_on;year_ended_on;employees;rounded_to_nearest;currency;created_at',
  ),
};

/**
 * `reorganizations.csv`: column names read by name by two public importers, order from one that reads by
 * position (id, type, type text, source, final, registered); the first column's name `id` is assumed.
 */
export const REORGANIZATIONS_COLUMNS: ColumnSpec = {
  required: ['reorganization_type', 'source_entity_regcode', 'final_entity_regcode'],
  known: split(
    'id;reorganization_type;reorganization_type_text;source_entity_regcode;final_entity_regcode;registered',
  ),
};

/** `financial_data/balance_sheets.csv`, header verbatim from public importers' fixtures (one line per report). */
export const BALANCE_SHEETS_COLUMNS: ColumnSpec = {
  required: ['statement_id'],
  known: split(
    'statement_id;file_id;cash;marketable_securities;accounts_receivable;inventories;total_current_assets;investments;fixed_assets;intangible_assets;total_non_current_assets;total_assets;future_housing_repairs_payments;current_liabilities;non_current_liabilities;provisions;equity;total_equities',
  ),
};

/** `financial_data/income_statements.csv`, header verbatim (two independent public sources agree). */
export const INCOME_STATEMENTS_COLUMNS: ColumnSpec = {
  required: ['statement_id'],
  known: split(
    'statement_id;file_id;net_turnover;by_nature_inventory_change;by_nature_long_term_investment_expenses;by_nature_other_operating_revenues;by_nature_material_expenses;by_nature_labour_expenses;by_nature_depreciation_expenses;by_function_cost_of_goods_sold;by_function_gross_profit;by_function_selling_expenses;by_function_administrative_expenses;by_function_other_operating_revenues;other_operating_expenses;equity_investment_earnings;other_long_term_investment_earnings;other_interest_revenues;investment_fair_value_adjustments;interest_expenses;extra_revenues;extra_expenses;income_before_income_taxes;provision_for_income_taxes;income_after_income_taxes;other_taxes;extra_dividends;net_income',
  ),
};

/** `financial_data/cash_flow_statements.csv`, header verbatim from a public importer's fixture. */
export const CASH_FLOW_STATEMENTS_COLUMNS: ColumnSpec = {
  required: ['statement_id'],
  known: split(
    'statement_id;file_id;cfo_dm_cash_received_from_customers;cfo_dm_cash_paid_to_suppliers_employees;cfo_dm_other_cash_received_paid;cfo_dm_operating_cash_flow;cfo_dm_interest_paid;cfo_dm_income_taxes_paid;cfo_dm_extra_items_cash_flow;cfo_dm_net_operating_cash_flow;cfo_im_income_before_income_taxes;cfo_im_income_before_changes_in_working_capital;cfo_im_operating_cash_flow;cfo_im_interest_paid;cfo_im_income_taxes_paid;cfo_im_extra_items_cash_flow;cfo_im_net_operating_cash_flow;cfi_acquisition_of_stocks_shares;cfi_sale_proceeds_from_stocks_shares;cfi_acquisition_of_fixed_assets_intangible_assets;cfi_sale_proceeds_from_fixed_assets_intangible_assets;cfi_loans_made;cfi_repayments_of_loans_received;cfi_interest_received;cfi_dividends_received;cfi_net_investing_cash_flow;cff_proceeds_from_stocks_bonds_issuance_or_contributed_capital;cff_loans_received;cff_subsidies_grants_donations_received;cff_repayments_of_loans_made;cff_repayments_of_lease_obligations;cff_dividends_paid;cff_net_financing_cash_flow;effect_of_exchange_rate_change;net_increase;at_beginning_of_year;at_end_of_year',
  ),
};
