import type { JsonSchema } from '../jsonSchema.ts';

/** One bounded list of an answer: its total, whether it was cut, and whether the total is only a lower bound. */
export const boundedListSchema: JsonSchema = {
  type: 'object',
  required: ['nombre_total', 'tronque', 'total_borne_basse'],
  properties: {
    nombre_total: { type: 'integer', minimum: 0 },
    tronque: { type: 'boolean' },
    total_borne_basse: { type: 'boolean' },
  },
};

/**
 * `listes_bornees`: one `boundedListSchema` for each bounded list the answer serves, named after it. `required`:
 * the lists are always reported.
 */
export function boundedListsSchema(
  lists: readonly string[],
  opts: { required?: boolean; description?: string } = {},
): JsonSchema {
  return {
    type: 'object',
    ...(opts.required ? { required: [...lists] } : {}),
    properties: Object.fromEntries(lists.map((list) => [list, boundedListSchema])),
    ...(opts.description === undefined ? {} : { description: opts.description }),
  };
}
