import type { JsonSchema } from '../jsonSchema.ts';

export const provenanceSchema: JsonSchema = {
  type: 'object',
  required: ['registre', 'version'],
  properties: {
    registre: {
      type: 'string',
      description: 'Code du registre (dictionnaire GET /v1/provenance/registres).',
    },
    version: { type: 'string' },
    empreinte_sha256: {
      type: 'string',
      pattern: '^[0-9a-f]{64}$',
      description:
        'SHA-256 du fichier amont (sources à photo complète), ou du corps de la réponse lue en direct.',
    },
    date_photo: { type: 'string', format: 'date' },
    consulte_le: {
      type: 'string',
      format: 'date-time',
      description: 'Registre en direct : quand la réponse servie a été lue (l’observation du journal).',
    },
    url: {
      type: 'string',
      description: 'Registre en direct : la question posée au registre (sans identifiant secret).',
    },
  },
};

/** Members every paid JSON response starts with, in this order. */
export const envelopeSchema: JsonSchema = {
  type: 'object',
  required: ['citation', 'provenance', 'source', 'disclaimer', 'data_freshness'],
  properties: {
    citation: { type: 'string', description: 'Une ligne à citer telle quelle.' },
    provenance: { type: 'array', items: provenanceSchema },
    source: { type: 'string' },
    disclaimer: { type: 'string' },
    data_freshness: { type: 'string' },
  },
};
