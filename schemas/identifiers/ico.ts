/**
 * IČO, the Czech and Slovak company number (one algorithm since Czechoslovakia): 8 digits whose last is the
 * check digit, weights 8…2 on the first seven, `c = (11 − Σ mod 11) mod 10`. Sources: ingest/cz-ares and
 * ingest/sk-rpo SOURCE.txt.
 */
export function isValidIco(ico: string): boolean {
  if (!/^\d{8}$/.test(ico)) return false;
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(ico[i]) * (8 - i);
  return (11 - (sum % 11)) % 10 === Number(ico[7]);
}
