const WEIGHTS = [7, 5, 3, 2, 1, 7, 5, 3, 2];

/** A CUI as asked: 2 to 10 digits, optionally prefixed `RO` (the VAT spelling), spaces allowed after it. */
export const RO_CUI_PATTERN = /^(RO\s?)?\d{2,10}$/i;

/** The CUI as the register publishes it: digits only, without `RO` nor leading zeros. */
export function canonicalCui(asked: string): string {
  return asked.replace(/^RO\s?/i, '').replace(/^0+(?=\d)/, '');
}

/**
 * The CUI's check digit (its last): the other digits, left-padded to 9, weighted 7 5 3 2 1 7 5 3 2, the sum
 * times 10 modulo 11, 10 counting as 0 (ANAF's algorithm, as python-stdnum `ro.cui` and public validators
 * implement it).
 */
export function isValidCui(asked: string): boolean {
  const cui = canonicalCui(asked);
  if (!/^\d{2,10}$/.test(cui)) return false;
  const body = cui.slice(0, -1).padStart(9, '0');
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(body[i]) * WEIGHTS[i]!;
  const check = ((sum * 10) % 11) % 10;
  return check === Number(cui[cui.length - 1]);
}
