/**
 * The Croatian personal identification number (OIB, osobni identifikacijski broj): 11 digits, the last a check
 * digit computed by ISO 7064 MOD 11,10 over the first ten (the method the OIB law's technical rules name).
 */
export function isValidHrOib(oib: string): boolean {
  if (!/^\d{11}$/.test(oib)) return false;
  let a = 10;
  for (let i = 0; i < 10; i++) {
    a = (a + Number(oib[i])) % 10;
    if (a === 0) a = 10;
    a = (a * 2) % 11;
  }
  const check = (11 - a) % 10;
  return check === Number(oib[10]);
}

/** The court register number (MBS, matični broj subjekta): 9 digits as published, 8 when a leading 0 was lost. */
export const HR_MBS_PATTERN = /^\d{8,9}$/;

/** The MBS as the register publishes it (`potpuni_mbs`): padded to 9 digits. */
export const canonicalMbs = (mbs: string) => mbs.padStart(9, '0');

/**
 * Whether a Croatian company is named by a valid identifier: an OIB with its check digit, or an MBS (resolved
 * to the company's OIB by a lookup, `hrResolveId`). The one check of every Croatian route that takes an `oib`.
 */
export const isValidHrOibOrMbs = (id: string): boolean =>
  id.length === 11 ? isValidHrOib(id) : HR_MBS_PATTERN.test(id);
