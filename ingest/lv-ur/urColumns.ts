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
