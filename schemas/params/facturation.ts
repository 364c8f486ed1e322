import {
  canonicalKboNumber,
  enterpriseNumberOf,
  isValidKboNumber,
  KBO_ID_PATTERN,
} from '../identifiers/kboNumber.ts';
import { isValidNip } from '../identifiers/plNip.ts';
import { ibanRefusal } from '../invoicing/bankOfIban.ts';
import type { ParamDefinition } from '../jsonSchema.ts';
import { checkSiren, SIREN_PATTERN } from './siren.ts';

/** The countries the European invoicing check covers. */
export const PAYS_FACTURATION_UE = ['BE', 'PL'] as const;

/** `iban` (optional): the account the supplier is asked to pay or to be paid on; form and key checked first. */
export const ibanQueryParam: ParamDefinition = {
  name: 'iban',
  in: 'query',
  required: false,
  description:
    'IBAN du compte à vérifier (espaces admis) : forme et clé vérifiées avant tout appel (400 sinon, non facturé) ; banque identifiée par la liste nationale des codes banque ; en PL, présence sur la liste blanche pour ce NIP. / IBAN to check: format and key checked before any call; bank from the national bank-code list; PL: whether it is on the white list for that NIP.',
  schema: { type: 'string', minLength: 15, maxLength: 42, examples: ['PL19102052420000260203597267'] },
  check: ibanRefusal,
};

/** `pays` of GET /v1/eu/facturation/dossier. */
export const paysFacturationParam: ParamDefinition = {
  name: 'pays',
  in: 'query',
  required: true,
  description: 'Pays du destinataire : BE (Belgique) ou PL (Pologne). / Recipient country: BE or PL.',
  schema: { type: 'string', enum: [...PAYS_FACTURATION_UE], examples: ['PL'] },
};

/** `id` of GET /v1/eu/facturation/dossier: checked against `pays` by {@link euFacturationIdRefusal}. */
export const idFacturationParam: ParamDefinition = {
  name: 'id',
  in: 'query',
  required: true,
  description:
    'Identifiant du destinataire : BE numéro d’entreprise BCE/KBO (10 chiffres, 0403.170.701 ou BE0403170701 admis ; clé modulo 97) ; PL NIP (10 chiffres, tirets et préfixe PL admis ; chiffre de contrôle). / BE enterprise number (mod 97) or PL NIP (check digit).',
  schema: { type: 'string', minLength: 9, maxLength: 16, examples: ['7792422251'] },
};

/** The NIP of any accepted spelling (`779-242-22-51`, `PL7792422251`), or null. */
export function canonicalNip(value: string): string | null {
  const digits = value.replace(/^PL/i, '').replace(/[-\s]/g, '');
  return /^\d{10}$/.test(digits) ? digits : null;
}

/** The enterprise number (10 digits) of any accepted spelling, or null. */
export function canonicalBelgianId(value: string): string | null {
  if (!KBO_ID_PATTERN.test(value.trim())) return null;
  return enterpriseNumberOf(canonicalKboNumber(value.trim()));
}

/** The 400 of an `id` that is not a valid identifier of its country; null when it is. */
export function euFacturationIdRefusal(
  params: Record<string, unknown>,
): { error: 'parametre_invalide'; champ: string; message: string } | null {
  const pays = String(params.pays);
  const id = String(params.id);
  if (pays === 'BE') {
    const number = canonicalBelgianId(id);
    if (number === null || !isValidKboNumber(number)) {
      return {
        error: 'parametre_invalide',
        champ: 'id',
        message:
          'Numéro d’entreprise belge invalide : 10 chiffres commençant par 0 ou 1, dont les deux derniers valent 97 − (les huit premiers modulo 97). / Invalid Belgian enterprise number (mod 97 check).',
      };
    }
    return null;
  }
  const nip = canonicalNip(id);
  if (nip === null || !isValidNip(nip)) {
    return {
      error: 'parametre_invalide',
      champ: 'id',
      message:
        'NIP invalide : 10 chiffres dont le dernier est la somme pondérée (6,5,7,2,3,4,5,6,7) des neuf premiers modulo 11. / Invalid NIP (check digit).',
    };
  }
  return null;
}

/** `siren` of GET /v1/facturation/dossier. */
export const sirenQueryParam: ParamDefinition = {
  name: 'siren',
  in: 'query',
  required: true,
  description: 'SIREN du destinataire (9 chiffres, clé de Luhn). / Recipient SIREN (9 digits, Luhn-valid).',
  schema: { type: 'string', pattern: SIREN_PATTERN, examples: ['005420120'] },
  check: checkSiren,
};
