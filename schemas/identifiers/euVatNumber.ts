import {
  austria,
  bulgaria,
  type Country,
  checkVAT,
  croatia,
  cyprus,
  czechRepublic,
  denmark,
  estonia,
  finland,
  france,
  germany,
  greece,
  hungary,
  ireland,
  italy,
  latvia,
  lithuania,
  luxembourg,
  malta,
  netherlands,
  poland,
  portugal,
  romania,
  slovakiaRepublic,
  slovenia,
  spain,
  sweden,
  unitedKingdom,
} from 'jsvat';
import { isValidKboNumber } from './kboNumber.ts';

/**
 * Belgium by its enterprise number (KBO/BCE): 10 digits beginning with 0 or 1, the last two 97 − (the first
 * eight mod 97); the leading 0 may be left out. jsvat 2.5.4 (its latest) refuses every number beginning with
 * 1, which Belgium has issued since 2023 (e.g. BE1029025290): its rule reads `0?` and nine digits.
 */
const belgium: Country = {
  name: 'Belgium',
  codes: ['BE', 'BEL', '056'],
  calcFn: (vat: string) => isValidKboNumber(vat.length === 9 ? `0${vat}` : vat),
  rules: { multipliers: {}, regex: [/^(BE)([01]?\d{9})$/] },
};

/**
 * The member states VIES answers for, by their VAT prefix (Greece is `EL` there, not `GR`), each with the
 * npm library jsvat's rules (format and check digits). Northern Ireland (`XI`) keeps the United Kingdom's
 * numbering: its number is checked with jsvat's UK rules.
 */
const MEMBER_STATES: Readonly<Record<string, Country>> = {
  AT: austria,
  BE: belgium,
  BG: bulgaria,
  CY: cyprus,
  CZ: czechRepublic,
  DE: germany,
  DK: denmark,
  EE: estonia,
  EL: greece,
  ES: spain,
  FI: finland,
  FR: france,
  HR: croatia,
  HU: hungary,
  IE: ireland,
  IT: italy,
  LT: lithuania,
  LU: luxembourg,
  LV: latvia,
  MT: malta,
  NL: netherlands,
  PL: poland,
  PT: portugal,
  RO: romania,
  SE: sweden,
  SI: slovenia,
  SK: slovakiaRepublic,
  XI: unitedKingdom,
};

/** The VAT prefixes VIES answers for (the 27 member states, Greece as `EL`, and `XI`). */
export const VIES_MEMBER_STATES: readonly string[] = Object.keys(MEMBER_STATES);

/** A VAT number VIES can be asked about: its member state's prefix and the number without it. */
export interface EuVatNumber {
  /** The VIES member-state code: `EL` for Greece, `XI` for Northern Ireland. */
  memberState: string;
  /** The number without its prefix: what VIES is asked (a prefix inside it makes VIES answer INVALID). */
  number: string;
  /** Prefix and number, the canonical spelling (`LV44103126607`). */
  canonical: string;
}

/** Why a spelling is refused: no EU prefix, or the member state's format, or its check digits. */
export type EuVatRefusal = 'pays_non_couvert' | 'format' | 'cle';

/**
 * An EU VAT number from what a caller typed: spaces, dots, hyphens and lower case are accepted; Greece may be
 * written `GR` (its ISO code, which VIES does not know) and is asked as `EL`. Format and check digits are
 * checked with jsvat before anything is sent anywhere.
 */
export function parseEuVatNumber(input: string): EuVatNumber | { refusal: EuVatRefusal } {
  const compact = input.replace(/[\s.\-_/]/g, '').toUpperCase();
  const given = compact.slice(0, 2);
  const memberState = given === 'GR' ? 'EL' : given;
  const rules = MEMBER_STATES[memberState];
  if (!rules || !/^[A-Z]{2}$/.test(given)) return { refusal: 'pays_non_couvert' };
  const number = compact.slice(2);
  // jsvat knows Northern Ireland's numbers as the United Kingdom's.
  const checked = checkVAT(`${memberState === 'XI' ? 'GB' : memberState}${number}`, [rules]);
  if (!checked.isValidFormat) return { refusal: 'format' };
  if (!checked.isValid) return { refusal: 'cle' };
  return { memberState, number, canonical: `${memberState}${number}` };
}
