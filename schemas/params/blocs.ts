import type { ParamDefinition } from '../jsonSchema.ts';

/** The blocks a dossier may ask for (`blocs`), in the contract's order: a closed list. */
export const BLOCS_DOSSIER = [
  'etablissements',
  'alertes_bodacc',
  'finances',
  'marches_publics',
  'marches_publics_ue',
  'lobbying',
  'risques_industriels',
  'agrements',
  'pi',
  'documents',
  'facturation_prep',
  'score',
] as const;

export type BlocDossier = (typeof BLOCS_DOSSIER)[number];

const isBloc = (name: string): name is BlocDossier => (BLOCS_DOSSIER as readonly string[]).includes(name);

/** `a,b,a` → `[a, b]`: the blocks asked, in the order asked, each once; names are trimmed. */
export function parseBlocs(value: string): string[] {
  return [...new Set(value.split(',').map((name) => name.trim()))];
}

/** Null when every name is a block of the closed list and there is at least one; else the message of the 400. */
export function checkBlocs(value: string): string | null {
  const names = parseBlocs(value);
  const unknown = names.filter((name) => !isBloc(name));
  if (unknown.length === 0) return null;
  const shown = unknown.map((name) => (name === '' ? '(vide)' : `« ${name} »`)).join(', ');
  return `Bloc inconnu ${shown} ; blocs permis : ${BLOCS_DOSSIER.join(', ')}. / Unknown block; allowed: ${BLOCS_DOSSIER.join(', ')}.`;
}

/** The blocks of a `blocs` value that `checkBlocs` let through. */
export const blocsOf = (value: string): BlocDossier[] => parseBlocs(value).filter(isBloc);

/** `blocs`: a required comma list of block names from the closed list; anything else is a 400, never charged. */
export const blocsQueryParam: ParamDefinition = {
  name: 'blocs',
  in: 'query',
  required: true,
  description: `Blocs demandés, séparés par des virgules : ${BLOCS_DOSSIER.join(', ')}. L’identité est toujours servie. / Comma-separated blocks; the identity is always served.`,
  schema: {
    type: 'string',
    maxLength: 400,
    examples: ['etablissements,alertes_bodacc,finances'],
  },
  check: checkBlocs,
};
