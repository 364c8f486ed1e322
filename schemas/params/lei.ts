/** A Legal Entity Identifier (ISO 17442): 18 letters or digits, then two check digits. */
export const LEI_PATTERN = /^[0-9A-Z]{18}[0-9]{2}$/;

/**
 * ISO 17442 check digits (ISO 7064 MOD 97-10, as IBANs): the 20 characters read as a number, letters
 * A..Z as 10..35, leave 1 modulo 97. Computed digit group by digit group, never as a float.
 */
export function isValidLei(lei: string): boolean {
  if (!LEI_PATTERN.test(lei)) return false;
  let rest = 0;
  for (const ch of lei) {
    const digits = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}
