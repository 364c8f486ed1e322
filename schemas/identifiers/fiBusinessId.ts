/** Y-tunnus: `NNNNNNN-C`, weights 7,9,10,5,8,4,2 modulo 11 (remainder 0 → 0, 1 → never issued, else 11 − r). */
export function isValidBusinessId(id: string): boolean {
  const m = /^(\d{7})-(\d)$/.exec(id);
  if (!m) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2];
  const r = weights.reduce((sum, w, i) => sum + w * Number(m[1]![i]), 0) % 11;
  if (r === 1) return false;
  return (r === 0 ? 0 : 11 - r) === Number(m[2]);
}
