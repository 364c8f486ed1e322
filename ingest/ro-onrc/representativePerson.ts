import type { DelimitedRecord } from '../core/readDelimited.ts';

/**
 * A legal-person form in a representative's name: insolvency practitioners' firms are `IPURL` (sole
 * practitioner) or `SPRL` (professional company), other companies `SRL`, `SA`... spelt with or without dots.
 */
const LEGAL_FORM_WORD =
  /(^|[\s,.])(IPURL|SPRL|S\.?P\.?R\.?L\.?|S\.?R\.?L\.?|S\.?A\.?|SCA|SNC|SCS)([\s,.]|$)/i;

/**
 * Whether a row of OD_REPREZENTANTI_LEGALI names a legal person: no birth date, and a legal-person form in
 * the name. Both are required; anything else is a natural person, whose name is never kept.
 */
export function isLegalPersonRepresentative(row: DelimitedRecord): boolean {
  const name = row.PERSOANA_IMPUTERNICITA ?? '';
  return !row.DATA_NASTERE && LEGAL_FORM_WORD.test(name);
}
