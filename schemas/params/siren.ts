import type { JsonSchema, ParamDefinition } from '../jsonSchema.ts';
import { isLuhnValid } from './luhn.ts';

export const SIREN_PATTERN = '^\\d{9}$';

/** A SIREN in an answer: 9 digits. */
export const SIREN_SCHEMA: JsonSchema = { type: 'string', pattern: SIREN_PATTERN };

/** Null when the value is a well-formed SIREN; otherwise the message of the 400. */
export function checkSiren(value: string): string | null {
  if (!/^\d{9}$/.test(value)) return 'Le SIREN compte 9 chiffres. / A SIREN has 9 digits.';
  if (!isLuhnValid(value)) return 'SIREN invalide (clé de Luhn). / Invalid SIREN (Luhn check digit).';
  return null;
}

/** The `{siren}` path parameter of the French company routes: 9 digits, Luhn-valid, else 400. */
export const sirenPathParam: ParamDefinition = {
  name: 'siren',
  in: 'path',
  required: true,
  description: 'Numéro SIREN (9 chiffres, clé de Luhn). / SIREN number (9 digits, Luhn-valid).',
  schema: { type: 'string', pattern: SIREN_PATTERN, examples: ['005420120'] },
  check: checkSiren,
};
