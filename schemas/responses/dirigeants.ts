import type { JsonSchema } from '../jsonSchema.ts';

const roleProperties: Record<string, JsonSchema> = {
  fonction: {
    type: ['string', 'null'],
    description:
      'Libellé du rôle dans la liste des codes du RNE ; null pour un code que la liste ne nomme pas / Role label from the RNE code list; null for a code the list does not name.',
  },
  code_fonction: {
    type: ['string', 'null'],
    description: 'Code `roleEntreprise` du RNE (`53`, `65`, `71`…) ; null si non publié.',
  },
  actif: { type: ['boolean', 'null'], description: 'Indicateur `actif` du RNE ; null si non publié.' },
  fonction_secondaire: {
    type: ['string', 'null'],
    description: 'Libellé du second rôle (`secondRoleEntreprise`) ; null si aucun.',
  },
  code_fonction_secondaire: { type: ['string', 'null'] },
};
const roleRequired = Object.keys(roleProperties);

/**
 * One item of `dirigeants[]` (French profile, dossier), read from the RNE. A natural person is its role
 * only: no other member exists for it (contract: "Fields of an officer item that is a natural person: not
 * shown"). A legal person adds its `siren` and `denomination`.
 */
export const dirigeantSchema: JsonSchema = {
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', ...roleRequired],
      properties: { type: { const: 'personne_physique' }, ...roleProperties },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', ...roleRequired, 'siren', 'denomination'],
      properties: {
        type: { const: 'personne_morale' },
        ...roleProperties,
        siren: {
          type: ['string', 'null'],
          pattern: '^\\d{9}$',
          description: 'SIREN de la personne morale ; null si le RNE n’en donne pas (société étrangère).',
        },
        denomination: { type: ['string', 'null'] },
      },
    },
  ],
};

/** `dirigeants`: the officers the RNE lists, or null with the block named in `blocs_absents`. */
export const dirigeantsSchema: JsonSchema = {
  type: ['array', 'null'],
  items: dirigeantSchema,
  description:
    'Dirigeants inscrits au RNE (INPI) ; une personne physique n’est décrite que par son rôle. null : voir `blocs_absents`. / Officers registered in the RNE; a natural person is its role only.',
};
