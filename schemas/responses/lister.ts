import type { JsonSchema } from '../jsonSchema.ts';
import { SIREN_SCHEMA } from '../params/siren.ts';
import { boundedListsSchema } from './boundedLists.ts';

const nullable = (type: string, extra: Record<string, unknown> = {}): JsonSchema => ({
  type: [type, 'null'],
  ...extra,
});

const criterionEcho: JsonSchema = {
  type: 'object',
  required: ['champ', 'op', 'valeur'],
  properties: { champ: { type: 'string' }, op: { type: 'string' }, valeur: {} },
};

const fieldDescription: JsonSchema = {
  type: 'object',
  required: ['type', 'source', 'fraicheur', 'semantique'],
  properties: {
    type: { type: 'string' },
    source: { type: 'string' },
    fraicheur: { type: 'string' },
    semantique: { type: 'string' },
  },
};

const champsSchema: JsonSchema = {
  type: 'object',
  description: 'Par champ utilisé (critères, tri, champs demandés) : type, source, fraîcheur, sémantique.',
  additionalProperties: fieldDescription,
};

export const listResultItem: JsonSchema = {
  type: 'object',
  required: ['identite', 'siege', 'finances'],
  properties: {
    identite: {
      type: 'object',
      required: ['siren', 'denomination', 'forme', 'naf', 'tranche_effectifs', 'etat'],
      properties: {
        siren: SIREN_SCHEMA,
        denomination: nullable('string'),
        forme: { type: 'string' },
        naf: nullable('string'),
        tranche_effectifs: nullable('string'),
        etat: { type: 'string', enum: ['A', 'C'] },
      },
    },
    siege: {
      type: 'object',
      required: ['code_postal', 'commune', 'departement'],
      properties: {
        code_postal: nullable('string'),
        commune: nullable('string'),
        departement: nullable('string'),
      },
    },
    finances: {
      type: 'object',
      required: ['date_cloture', 'ca', 'resultat_net'],
      properties: {
        date_cloture: nullable('string', { format: 'date' }),
        ca: nullable('integer'),
        resultat_net: nullable('integer'),
      },
    },
  },
};

export const listerResponseSchema: JsonSchema = {
  type: 'object',
  required: [
    'criteres',
    'tri',
    'page',
    'page_suivante',
    'nombre_resultats',
    'resultats',
    'listes_bornees',
    'champs',
  ],
  properties: {
    criteres: { type: 'array', items: criterionEcho },
    tri: {
      type: 'object',
      required: ['champ', 'ordre', 'valeurs_absentes'],
      properties: {
        champ: { type: 'string' },
        ordre: { type: 'string', enum: ['asc', 'desc'] },
        valeurs_absentes: { type: 'string', enum: ['en_dernier'] },
      },
    },
    page: { type: 'integer', minimum: 1, maximum: 100 },
    page_suivante: { type: 'boolean' },
    nombre_resultats: {
      type: 'integer',
      description: 'Total exact, compté dans la même transaction que la page.',
    },
    resultats: { type: 'array', maxItems: 100, items: listResultItem },
    listes_bornees: boundedListsSchema(['resultats']),
    champs: champsSchema,
  },
};

export const compterResponseSchema: JsonSchema = {
  type: 'object',
  required: ['criteres', 'nombre_resultats', 'champs'],
  properties: {
    criteres: { type: 'array', items: criterionEcho },
    nombre_resultats: {
      type: 'integer',
      description: 'Total exact des entreprises qui satisfont les critères.',
    },
    champs: champsSchema,
  },
};
