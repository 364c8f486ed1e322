import type { ParamDefinition } from '../jsonSchema.ts';

export const RNA_PATTERN = '^W[0-9A-Z]{9}$';

/** The `{rna}` path parameter: `W` followed by 9 characters (digits or capitals, `W9T1002867` in Mayotte), else 400. */
export const rnaPathParam: ParamDefinition = {
  name: 'rna',
  in: 'path',
  required: true,
  description: 'Numéro RNA : W suivi de 9 caractères. / RNA association number: W followed by 9 characters.',
  schema: { type: 'string', pattern: RNA_PATTERN, examples: ['W643000551'] },
};
