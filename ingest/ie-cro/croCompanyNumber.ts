/**
 * A CRO company number as the register keys it: digits only, no prefix, leading zeros not significant
 * (`083740` and `83740` are the same company). Null for anything else (a blank or garbled cell).
 */
export function croCompanyNumber(raw: string | null | undefined): string | null {
  const v = (raw ?? '').trim();
  if (!/^\d{1,9}$/.test(v)) return null;
  const n = v.replace(/^0+/, '');
  return n === '' ? null : n;
}

/** The identifier the routes accept: the canonical number, 1 to 7 digits, no leading zero. */
export const CRO_ID_PATTERN = /^[1-9]\d{0,6}$/;
