import type { JsonSchema } from '../jsonSchema.ts';

/**
 * `conventions_collectives` of the French profile: the distinct IDCC codes the company's establishments
 * declare in the DSN (4 characters, sorted); codes 5100, 5501, 9998 and 9999 are states, not agreements.
 */
export const conventionsCollectivesSchema: JsonSchema = {
  type: ['array', 'null'],
  description:
    'Codes IDCC techniques déclarés par les établissements (4 caractères, triés) ; 9999 : aucune convention collective.',
  items: { type: 'string', pattern: '^\\d{4}$' },
};

/**
 * `conventions_collectives_notes`: the month the codes were declared for (`idcc` null), then what each state
 * code present means. Bilingual notes.
 */
export const conventionsCollectivesNotesSchema: JsonSchema = {
  type: ['array', 'null'],
  description:
    'Notes : le mois DSN du fichier (idcc null), puis la signification de chaque code d’état présent (5100, 5501, 9998, 9999).',
  items: {
    type: 'object',
    required: ['idcc', 'note'],
    properties: {
      idcc: { type: ['string', 'null'], pattern: '^\\d{4}$' },
      note: { type: 'string' },
    },
  },
};
