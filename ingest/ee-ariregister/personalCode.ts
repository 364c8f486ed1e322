/**
 * Estonian personal identification codes (isikukood) inside free text. A code is 11 digits: century and sex
 * (1-8), birth date YYMMDD, a serial of three, and a check digit computed with two weight series (weights
 * 1..9,1, then 3..9,1,2,3 when the first gives 10). Only numbers that pass the check are masked, so amounts
 * and registry codes in the same text stay as published.
 */
const CANDIDATE = /(?<!\d)[1-8]\d{10}(?!\d)/g;
const WEIGHTS = [
  [1, 2, 3, 4, 5, 6, 7, 8, 9, 1],
  [3, 4, 5, 6, 7, 8, 9, 1, 2, 3],
];

export function isPersonalCode(code: string): boolean {
  if (!/^[1-8]\d{10}$/.test(code)) return false;
  const digits = [...code].map(Number);
  for (const weights of WEIGHTS) {
    const rest = weights.reduce((sum, w, i) => sum + w * (digits[i] ?? 0), 0) % 11;
    if (rest < 10) return rest === digits[10];
  }
  return digits[10] === 0;
}

/** What replaces a masked personal code in a served text. */
export const MASKED_PERSONAL_CODE = '[isikukood masqué]';

/** `text` with every valid personal code replaced by {@link MASKED_PERSONAL_CODE}. */
export function maskPersonalCodes(text: string): string {
  return text.replace(CANDIDATE, (code) => (isPersonalCode(code) ? MASKED_PERSONAL_CODE : code));
}
