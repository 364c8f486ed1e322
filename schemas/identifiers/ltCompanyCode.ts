/**
 * The Lithuanian legal entity code (juridinio asmens kodas): 9 digits, the last a check digit. Weights 1 to 8
 * over the first eight digits, sum modulo 11; a remainder of 10 is computed again with weights 3, 4, 5, 6, 7,
 * 8, 9, 1, and a second 10 gives 0 (the algorithm of the personal code, on eight digits; it holds for the real
 * codes 110003978 and 301011561 of the published files).
 */
export function isValidLtCompanyCode(code: string): boolean {
  if (!/^\d{9}$/.test(code)) return false;
  const digits = [...code].map(Number);
  const sum = (weights: readonly number[]) => weights.reduce((acc, w, i) => acc + w * digits[i]!, 0) % 11;
  let check = sum([1, 2, 3, 4, 5, 6, 7, 8]);
  if (check === 10) check = sum([3, 4, 5, 6, 7, 8, 9, 1]);
  if (check === 10) check = 0;
  return check === digits[8];
}
