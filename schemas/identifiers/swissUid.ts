/**
 * The Swiss enterprise identification number (UID, `CHE-123.456.789`): `CHE`, eight digits and a check digit.
 * Weights 5,4,3,2,7,6,5,4 on the eight digits; `c = 11 − Σ mod 11`, 11 → 0, 10 is never issued
 * (FORMATS-LIVE.md, section 8). Dots and hyphens are optional when asked; Zefix's paths take `CHE123456789`,
 * the gazette's `uids` filter only `CHE-123.456.789`.
 */
export const SWISS_UID_PATTERN = /^CHE-?\d{3}\.?\d{3}\.?\d{3}$/i;

const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4];

/** The nine digits of a UID asked in any accepted spelling, or null when it is not one. */
function digitsOf(uid: string): string | null {
  return SWISS_UID_PATTERN.test(uid) ? uid.replace(/\D/g, '') : null;
}

/** Whether the UID's format and check digit are right. */
export function isValidSwissUid(uid: string): boolean {
  const digits = digitsOf(uid);
  if (!digits) return false;
  const sum = WEIGHTS.reduce((s, w, i) => s + w * Number(digits[i]), 0);
  const check = 11 - (sum % 11);
  if (check === 10) return false;
  return (check === 11 ? 0 : check) === Number(digits[8]);
}

/** `CHE-123.456.789`, the spelling the registers publish; the input must match SWISS_UID_PATTERN. */
export function dottedSwissUid(uid: string): string {
  const d = digitsOf(uid) ?? '';
  return `CHE-${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}`;
}

/** `CHE123456789`, the spelling Zefix's paths take; the input must match SWISS_UID_PATTERN. */
export function compactSwissUid(uid: string): string {
  return `CHE${digitsOf(uid) ?? ''}`;
}

/** The UID a register answered (`CHE123456789` or `CHE-123.456.789`), dotted; null when it is none. */
export function publishedSwissUid(value: unknown): string | null {
  return typeof value === 'string' && SWISS_UID_PATTERN.test(value.trim())
    ? dottedSwissUid(value.trim())
    : null;
}
