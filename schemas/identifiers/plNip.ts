/** NIP: 10 digits, weights 6,5,7,2,3,4,5,6,7 on the first nine, sum modulo 11 = the last (10 never issued). */
export function isValidNip(nip: string): boolean {
  if (!/^\d{10}$/.test(nip)) return false;
  const weights = [6, 5, 7, 2, 3, 4, 5, 6, 7];
  const r = weights.reduce((sum, w, i) => sum + w * Number(nip[i]), 0) % 11;
  return r !== 10 && r === Number(nip[9]);
}
