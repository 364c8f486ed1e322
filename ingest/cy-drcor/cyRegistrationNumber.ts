/**
 * The prefix of each `ORGANISATION_TYPE_CODE` in a Cypriot registration number. C → HE and O → AE agree
 * everywhere; P → S, N → BN and B → B follow opensanctions and OpenCorporates (another client writes OE
 * for partnerships: shared/FORMATS-EXTRA.md §2).
 */
export const CY_PREFIXES: Readonly<Record<string, string>> = { C: 'HE', O: 'AE', P: 'S', N: 'BN', B: 'B' };

/** The identifier the routes accept: a prefix and the number, no space, Latin letters (`HE489243`). */
export const CY_ID_PATTERN = /^(HE|AE|S|BN|B)[1-9]\d{0,6}$/;

/** `C` + `489243` → `HE489243`; null for an unknown type code or a number that is not digits. */
export function cyRegistrationId(typeCode: string | null, number: string | null): string | null {
  const prefix = CY_PREFIXES[(typeCode ?? '').trim()];
  const digits = (number ?? '').trim().replace(/^0+/, '');
  if (!prefix || !/^[1-9]\d{0,6}$/.test(digits)) return null;
  return `${prefix}${digits}`;
}
