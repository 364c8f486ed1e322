/** Atomic units per credit: 1 credit = 1 EUR = 1,000,000 units, the same unit as the 6-decimal x402 prices. */
export const UNITS_PER_CREDIT = 1_000_000;

const DECIMAL = /^(\d{1,9})(?:\.(\d{1,6}))?$/;

/** `"2.5"` → 2_500_000. Exact: integer arithmetic on the digits, never a float. Null when malformed. */
export function parseCredits(text: string): number | null {
  const m = DECIMAL.exec(text.trim());
  if (!m) return null;
  const units = Number(m[1]) * UNITS_PER_CREDIT + Number((m[2] ?? '').padEnd(6, '0'));
  return Number.isSafeInteger(units) ? units : null;
}

/** 9_995_000 → `"9.995"`, 0 → `"0"`, 3_000_000 → `"3"`. Integer arithmetic on the digits (twice per paid answer). */
export function formatCredits(units: number): string {
  if (!Number.isSafeInteger(units)) throw new Error(`credit amount must be an integer: ${units}`);
  const sign = units < 0 ? '-' : '';
  const abs = Math.abs(units);
  const whole = Math.floor(abs / UNITS_PER_CREDIT);
  let frac = abs % UNITS_PER_CREDIT;
  if (frac === 0) return `${sign}${whole}`;
  // The fraction's six digits without their trailing zeros.
  let digits = 6;
  while (frac % 10 === 0) {
    frac /= 10;
    digits--;
  }
  return `${sign}${whole}.${String(frac).padStart(digits, '0')}`;
}
