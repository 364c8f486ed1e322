import type { JsonSchema } from '../jsonSchema.ts';

/** GET /v1/compte */
export const accountSchema: JsonSchema = {
  type: 'object',
  required: ['compte', 'solde', 'lots', 'appels_gratuits', 'compte_url'],
  properties: {
    compte: { type: 'string', description: 'Identifiant du compte. / Account id.' },
    solde: {
      type: 'object',
      required: ['credits', 'unites_atomiques'],
      properties: {
        credits: { type: 'string', description: 'Crédits utilisables (1 crédit = 1 EUR). / Usable credits.' },
        unites_atomiques: { type: 'integer', description: '1 crédit = 1 000 000 unités. / Atomic units.' },
      },
    },
    lots: {
      type: 'array',
      description: 'Lots de crédits, échéance la plus proche d’abord. / Credit lots, closest expiry first.',
      items: {
        type: 'object',
        required: ['lot', 'montant', 'restant', 'achete_le', 'expire_le', 'expire'],
        properties: {
          lot: { type: 'string' },
          montant: { type: 'string' },
          restant: { type: 'string' },
          achete_le: { type: 'string', format: 'date-time' },
          expire_le: { type: 'string', format: 'date-time' },
          expire: { type: 'boolean' },
        },
      },
    },
    appels_gratuits: {
      type: 'object',
      required: ['mois', 'utilises', 'par_mois'],
      properties: {
        mois: { type: 'string', pattern: '^\\d{4}-\\d{2}$' },
        utilises: { type: 'integer' },
        par_mois: { type: 'integer' },
      },
    },
    compte_url: { type: 'string' },
  },
};
