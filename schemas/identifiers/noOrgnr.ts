/**
 * A Norwegian organisation number's check digit (modulus 11, weights 3 2 7 6 5 4 3 2 on the first eight
 * digits; 11 − remainder, 11 gives 0, 10 is never issued).
 */
export function isValidNoOrgnr(id: string): boolean {
  if (!/^\d{9}$/.test(id)) return false;
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((s, w, i) => s + w * Number(id[i]), 0);
  const check = (11 - (sum % 11)) % 11;
  return check !== 10 && check === Number(id[8]);
}
