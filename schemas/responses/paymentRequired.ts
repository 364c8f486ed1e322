import type { JsonSchema } from '../jsonSchema.ts';

/** What a 402 says of the free quota of a key (api/payment/paymentRequired.ts freeTierOf). */
const freeTierSchema: JsonSchema = {
  type: 'object',
  required: ['inclus', 'appels_par_mois', 'compte_url'],
  properties: {
    inclus: { type: 'boolean', description: 'La route est dans le quota gratuit mensuel d’une clé.' },
    appels_par_mois: { type: 'integer', minimum: 0 },
    compte_url: { type: 'string', description: 'Où obtenir une clé. / Where to get a key.' },
  },
};

/** One x402 v2 `accepts` entry: the exact scheme on Base, the amount in atomic units of a 6-decimal token. */
const requirementSchema: JsonSchema = {
  type: 'object',
  required: ['scheme', 'network', 'amount', 'payTo', 'maxTimeoutSeconds', 'asset'],
  properties: {
    scheme: { const: 'exact' },
    network: { type: 'string', description: 'CAIP-2, `eip155:8453` (Base).' },
    amount: {
      type: 'string',
      pattern: '^\\d+$',
      description: 'Unités atomiques (6 décimales) : $0.002 = 2000.',
    },
    payTo: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' },
    maxTimeoutSeconds: { type: 'integer', minimum: 1 },
    asset: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$', description: 'Contrat du jeton (USDC, EURC).' },
    extra: {
      type: 'object',
      properties: { name: { type: 'string' }, version: { type: 'string' } },
      description: 'Domaine EIP-712 du jeton. / The token’s EIP-712 domain.',
    },
  },
};

/** `cle_api` of a 402: the `X-Api-Key` presented resolves to no account (never issued, or revoked). */
export const CLE_API_REJETEE = 'inconnue_ou_revoquee';

const rejectedKeySchema: JsonSchema = {
  const: CLE_API_REJETEE,
  description:
    'Présent quand la clé X-Api-Key présentée est inconnue ou révoquée ; le devis reste valable. / Present when the X-Api-Key presented is unknown or revoked; the quote still stands.',
};

/**
 * The 402 quote, as sent in the body and (base64 JSON, without `message`, `price`, `free_tier`) in the
 * `PAYMENT-REQUIRED` header: x402 v2 `{x402Version, error, resource, accepts}` plus the service's members.
 */
export const paymentRequiredSchema: JsonSchema = {
  type: 'object',
  required: ['x402Version', 'error', 'resource', 'accepts', 'message', 'price', 'free_tier'],
  properties: {
    x402Version: { const: 2 },
    error: {
      type: 'string',
      description:
        'paiement_requis, x402_non_configure, ou le motif du refus du paiement présenté. / Why payment is required.',
    },
    resource: {
      type: 'object',
      required: ['url', 'description', 'mimeType'],
      properties: { url: { type: 'string' }, description: { type: 'string' }, mimeType: { type: 'string' } },
    },
    accepts: {
      type: 'array',
      items: requirementSchema,
      description:
        'Une entrée par jeton accepté (USDC, EURC), même montant. Vide si x402 n’est pas configuré.',
    },
    message: { type: 'string' },
    price: { type: 'string', description: 'Prix en notation dollar, ex. $0.005.' },
    free_tier: freeTierSchema,
    cle_api: rejectedKeySchema,
  },
};

/** 402 `credits_insuffisants`: a key whose balance does not cover the call; no `PAYMENT-REQUIRED` header. */
export const creditsInsuffisantsSchema: JsonSchema = {
  type: 'object',
  required: ['error', 'message', 'price', 'credits_restants', 'free_tier'],
  properties: {
    error: { const: 'credits_insuffisants' },
    message: { type: 'string' },
    price: { type: 'string' },
    credits_restants: { type: 'string', description: 'Solde en crédits (1 crédit = 1 EUR).' },
    free_tier: freeTierSchema,
  },
};
