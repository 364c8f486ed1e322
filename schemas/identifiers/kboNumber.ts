/**
 * Belgian enterprise numbers (KBO/BCE). Published as `0403.170.701`; 10 digits whose last two are
 * 97 − (the first eight mod 97). Enterprises begin with 0 or 1; establishment units with 2 to 8; branches
 * (foreign entities' Belgian branches) are numbered `9.xxx.xxx.xxx`.
 */

/** 10 digits whose check (97 − n mod 97) holds. */
export function isValidKboNumber(id: string): boolean {
  if (!/^\d{10}$/.test(id)) return false;
  return 97 - (Number(id.slice(0, 8)) % 97) === Number(id.slice(8));
}

/**
 * An enterprise number as 10 digits, from any spelling a file may carry (`0403.170.701`, `0403170701`, or
 * `403170701` once a spreadsheet has eaten the leading zero); null for anything else, establishment units and
 * branches included.
 */
export function enterpriseNumberOf(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const digits = raw.replace(/[.\s]/g, '');
  if (!/^\d{9,10}$/.test(digits)) return null;
  const id = digits.padStart(10, '0');
  return id[0] === '0' || id[0] === '1' ? id : null;
}

/** The spellings a caller may use: 10 digits, dotted `0403.170.701`, with or without the `BE` VAT prefix. */
export const KBO_ID_PATTERN = /^(BE)?(\d{10}|\d{4}\.\d{3}\.\d{3})$/i;

/** `BE0403.170.701` → `0403170701`. */
export const canonicalKboNumber = (id: string) => id.replace(/^BE/i, '').replace(/\./g, '');

/** The check of any accepted spelling. */
export const isValidKboSpelling = (id: string) => isValidKboNumber(canonicalKboNumber(id));
