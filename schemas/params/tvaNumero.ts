import { parseEuVatNumber, VIES_MEMBER_STATES } from '../identifiers/euVatNumber.ts';
import type { ParamDefinition } from '../jsonSchema.ts';

/** `{numero}` of GET /v1/tva/verifier: an EU VAT number, prefix first; spaces, dots and hyphens accepted. */
export const tvaNumeroPathParam: ParamDefinition = {
  name: 'numero',
  in: 'path',
  required: true,
  description:
    'Numéro de TVA intracommunautaire, préfixe de l’État membre compris (LV44103126607, FR 68 005 420 120) ; espaces, points, tirets et minuscules admis ; GR est lu EL. / EU VAT number with its member-state prefix.',
  schema: { type: 'string', pattern: '^[A-Za-z0-9 .\\-]{3,40}$', examples: ['LV44103126607'] },
};

/**
 * The refusal of a number before anything is sent or charged: a prefix that is not a member state's (nor
 * `XI`), then the member state's format and check digits (jsvat).
 */
export function tvaNumeroRefusal(
  value: string,
): { error: 'pays_non_couvert' | 'parametre_invalide'; champ: string; message: string } | null {
  const parsed = parseEuVatNumber(value);
  if (!('refusal' in parsed)) return null;
  if (parsed.refusal === 'pays_non_couvert') {
    return {
      error: 'pays_non_couvert',
      champ: 'numero',
      message: `Préfixe d’État membre inconnu de VIES ; préfixes permis : ${VIES_MEMBER_STATES.join(', ')} (GR lu EL). / Not an EU member state's VAT prefix.`,
    };
  }
  return {
    error: 'parametre_invalide',
    champ: 'numero',
    message:
      parsed.refusal === 'format'
        ? 'Numéro de TVA au format invalide pour cet État membre. / VAT number in an invalid format for this member state.'
        : 'Numéro de TVA invalide (chiffres de contrôle). / Invalid VAT number (check digits).',
  };
}
