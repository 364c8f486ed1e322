import type { ErrorCodeEntry } from '../errors/errorCodes.ts';

const errorRef = { $ref: '#/components/schemas/Erreur' };

const RATE_LIMIT_HEADERS = {
  'Retry-After': { description: 'Secondes avant de réessayer.', schema: { type: 'integer' } },
  'RateLimit-Limit': { description: 'Appels permis par fenêtre.', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Appels restants dans la fenêtre.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Secondes avant la fin de la fenêtre.', schema: { type: 'integer' } },
};

/**
 * One error status of an operation: every code the route may answer with it, each with its meaning, and a
 * schema that admits those codes only. A 402 of a priced route is the x402 quote (or a refusal of the
 * payment sent, same shape) or `credits_insuffisants`.
 */
export function errorResponseOf(
  status: number,
  codes: readonly ErrorCodeEntry[],
  priced: boolean,
  keyOnly = false,
) {
  const list = codes.map((c) => `- \`${c.code}\` : ${c.signification}`).join('\n');
  const description = `${list}\n\nJamais facturé. / Never charged.`;
  const only = { type: 'object', properties: { error: { enum: codes.map((c) => c.code) } } };
  if (status === 402 && keyOnly) {
    // Paid by key only (registry filings): never a quote; `compte_requis` without a key, or the key's balance.
    return {
      description: `Clé d’API requise (compte_requis), ou crédits insuffisants. / API key required, or credits too low.\n\n${description}`,
      content: {
        'application/json': {
          schema: {
            allOf: [{ anyOf: [errorRef, { $ref: '#/components/schemas/CreditsInsuffisants' }] }, only],
          },
        },
      },
    };
  }
  if (status === 402 && priced) {
    return {
      description: `Paiement requis : devis x402 (corps, et en-tête PAYMENT-REQUIRED en base64 JSON), refus du paiement envoyé, ou credits_insuffisants (clé, sans PAYMENT-REQUIRED). / Payment required.\n\n${description}`,
      headers: {
        'PAYMENT-REQUIRED': {
          description: 'Le devis x402 v2 {x402Version, error, resource, accepts}, en base64 JSON.',
          schema: { type: 'string' },
        },
      },
      content: {
        'application/json': {
          schema: {
            allOf: [
              {
                oneOf: [
                  { $ref: '#/components/schemas/PaiementRequis' },
                  { $ref: '#/components/schemas/CreditsInsuffisants' },
                ],
              },
              only,
            ],
          },
        },
      },
    };
  }
  return {
    description,
    ...(status === 429 ? { headers: RATE_LIMIT_HEADERS } : {}),
    content: { 'application/json': { schema: { allOf: [errorRef, only] } } },
  };
}
