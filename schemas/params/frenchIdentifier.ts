import { isLuhnValid } from './luhn.ts';

/** A SIREN, SIRET or French VAT number recognised in a search text, reduced to its SIREN. */
export interface FrenchIdentifier {
  type: 'siren' | 'siret' | 'tva';
  /** The identifier as recognised, without spaces or label. */
  value: string;
  siren: string;
}

export type IdentifierParse = { identifier: FrenchIdentifier } | { invalid: string } | null;

/** Labels a user may write before the number ("SIREN 552 100 554", "N° TVA FR 40 303 265 045"). */
const LABELS = /^(?:SIREN|SIRET|TVA|INTRACOMMUNAUTAIRE|VAT|NUMERO|NUMÉRO|N°|NO|:)+/u;

/** La Poste's establishments carry SIRETs that fail Luhn; INSEE's rule for them is a digit sum multiple of 5. */
const LA_POSTE = '356000000';

function isSiretValid(siret: string): boolean {
  if (siret.startsWith(LA_POSTE)) return [...siret].reduce((sum, d) => sum + Number(d), 0) % 5 === 0;
  return isLuhnValid(siret);
}

/** Numeric VAT key of a SIREN: (12 + 3 × (SIREN mod 97)) mod 97. */
export function frenchVatKey(siren: string): number {
  return (12 + 3 * (Number(siren) % 97)) % 97;
}

/**
 * Recognises a text that is a French identifier, spaced or labelled: SIREN (9 digits), SIRET (14 digits) or
 * intra-EU VAT number (FR + 2-character key + SIREN). Null when the text is not shaped like one (a name);
 * `invalid` when it is shaped like one but its check digits are wrong.
 */
export function parseFrenchIdentifier(text: string): IdentifierParse {
  const compact = text
    .toUpperCase()
    .replace(/[\s.\-_/]/gu, '')
    .replace(LABELS, '');
  if (/^\d{9}$/.test(compact)) {
    if (!isLuhnValid(compact))
      return { invalid: 'SIREN invalide (clé de Luhn). / Invalid SIREN (Luhn check digit).' };
    return { identifier: { type: 'siren', value: compact, siren: compact } };
  }
  if (/^\d{14}$/.test(compact)) {
    if (!isSiretValid(compact))
      return { invalid: 'SIRET invalide (clé de Luhn). / Invalid SIRET (Luhn check digit).' };
    return { identifier: { type: 'siret', value: compact, siren: compact.slice(0, 9) } };
  }
  const vat = /^FR([0-9A-Z]{2})(\d{9})$/.exec(compact);
  if (vat) {
    const [, key, siren] = vat as unknown as [string, string, string];
    const keyOk = /^\d{2}$/.test(key) ? Number(key) === frenchVatKey(siren) : true;
    if (!keyOk || !isLuhnValid(siren)) {
      return { invalid: 'Numéro de TVA invalide (clé ou SIREN). / Invalid VAT number (key or SIREN).' };
    }
    return { identifier: { type: 'tva', value: compact, siren } };
  }
  return null;
}
