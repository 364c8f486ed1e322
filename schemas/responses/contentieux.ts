import {
  CONFIANCES_RATTACHEMENT,
  MODES_RATTACHEMENT,
  NATURES_CONTENTIEUX,
  ROLES_CONTENTIEUX,
} from '../enums/contentieux.ts';
import type { JsonSchema } from '../jsonSchema.ts';
import { SIREN_SCHEMA } from '../params/siren.ts';
import { boundedListsSchema } from './boundedLists.ts';

const count: JsonSchema = { type: 'integer', minimum: 0 };

const decisionSchema: JsonSchema = {
  type: 'object',
  required: [
    'id_judilibre',
    'date',
    'juridiction',
    'nature',
    'role',
    'mode_rattachement',
    'confiance',
    'redondante_bodacc',
    'url_officielle',
    'autres_sirens',
  ],
  properties: {
    id_judilibre: { type: 'string', description: 'Identifiant opaque de la décision dans Judilibre.' },
    date: { type: ['string', 'null'], format: 'date' },
    juridiction: {
      type: ['string', 'null'],
      description: 'Juridiction telle que Judilibre la nomme (siège, sinon juridiction).',
    },
    nature: { enum: [...NATURES_CONTENTIEUX] },
    role: {
      enum: [...ROLES_CONTENTIEUX, null],
      description: 'Côté de l’entreprise dans l’instance ; null quand le texte ne le dit pas clairement.',
    },
    mode_rattachement: { enum: [...MODES_RATTACHEMENT] },
    confiance: {
      enum: [...CONFIANCES_RATTACHEMENT],
      description:
        '`certain` seulement quand le SIREN est écrit dans la décision ; une dénomination seule ne l’est jamais.',
    },
    redondante_bodacc: {
      type: 'boolean',
      description: 'Jugement de procédure collective : publié aussi au BODACC (route alertes).',
    },
    url_officielle: {
      type: 'string',
      format: 'uri',
      description: 'Page publique de la décision (Cour de cassation).',
    },
    autres_sirens: {
      type: 'array',
      items: SIREN_SCHEMA,
      description: 'Autres entreprises citées dans la décision, par SIREN seulement (clé de Luhn valide).',
    },
  },
};

export const contentieuxSchema: JsonSchema = {
  type: 'object',
  required: [
    'siren',
    'denomination',
    'exhaustivite',
    'avertissement',
    'synthese',
    'decisions',
    'tronque',
    'consulte_le',
    'listes_bornees',
  ],
  properties: {
    siren: SIREN_SCHEMA,
    denomination: { type: ['string', 'null'] },
    exhaustivite: { const: 'partielle' },
    avertissement: { type: 'string' },
    synthese: {
      type: 'object',
      required: ['nombre_decisions', 'par_nature'],
      properties: {
        nombre_decisions: count,
        par_nature: {
          type: 'object',
          required: [...NATURES_CONTENTIEUX],
          properties: Object.fromEntries(NATURES_CONTENTIEUX.map((n) => [n, count])),
        },
      },
    },
    decisions: { type: 'array', description: 'La plus récente d’abord.', items: decisionSchema },
    tronque: {
      type: 'boolean',
      description: 'Judilibre trouve plus de décisions que les pages lues (10 par recherche).',
    },
    consulte_le: { type: 'string', format: 'date-time' },
    listes_bornees: boundedListsSchema(['decisions'], { required: true }),
  },
};
