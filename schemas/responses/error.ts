import type { JsonSchema } from '../jsonSchema.ts';

export const errorSchema: JsonSchema = {
  type: 'object',
  required: ['error', 'message'],
  properties: {
    error: { type: 'string', description: 'Code de la liste fermée (GET /v1/lecture).' },
    champ: { type: 'string', description: 'Paramètre en cause.' },
    message: { type: 'string' },
    motif_panne: { type: 'string' },
    indice: {
      type: ['integer', 'null'],
      description: 'Routes de liste : position (à partir de 0) du critère ou du champ de sortie en cause.',
    },
    nom: { type: ['string', 'null'], description: 'Routes de liste : nom du champ en cause.' },
  },
  additionalProperties: true,
};
