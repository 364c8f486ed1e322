import type { JsonSchema } from '../jsonSchema.ts';
import { SIREN_SCHEMA } from '../params/siren.ts';

/** One year's index: the contract's `{annee, note}`, and the UES that declared it, if one did. */
const egaproYearSchema: JsonSchema = {
  type: 'object',
  required: ['annee', 'note'],
  properties: {
    annee: { type: 'integer' },
    note: { type: ['integer', 'null'], minimum: 0, maximum: 100 },
    ues: {
      type: 'object',
      description:
        'Index déclaré par une unité économique et sociale : SIREN de l’entreprise déclarante et nom de l’UES.',
      required: ['siren_declarant', 'nom'],
      properties: { siren_declarant: SIREN_SCHEMA, nom: { type: ['string', 'null'] } },
    },
  },
};

/**
 * `index_egapro[]` of the French profile: the gender-equality index by year, latest year first. The contract's
 * `{annee, note}`; `note` is null when the export publishes `NC` (not computable). An index declared by a UES
 * (unité économique et sociale) is the UES's: it carries `ues`, both on the declaring company and on each
 * member company the declaration lists.
 */
export const indexEgaproSchema: JsonSchema = {
  type: ['array', 'null'],
  description:
    'Index de l’égalité professionnelle F/H (Egapro) par année, la plus récente d’abord ; note null si publiée « NC » (non calculable). Un index déclaré par une UES est celui de l’UES (membre `ues`).',
  items: egaproYearSchema,
};
