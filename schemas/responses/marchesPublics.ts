import type { JsonSchema } from '../jsonSchema.ts';
import { SIREN_SCHEMA } from '../params/siren.ts';
import { boundedListsSchema } from './boundedLists.ts';

const nullableString: JsonSchema = { type: ['string', 'null'] };
const nullableDate: JsonSchema = { type: ['string', 'null'], format: 'date' };
const count: JsonSchema = { type: 'integer', minimum: 0 };
/** Money in integer cents of euro (never a float): the published amount times 100, exact. */
const amount = (description: string): JsonSchema => ({ type: ['integer', 'null'], description });

const marcheSchema: JsonSchema = {
  type: 'object',
  required: [
    'id',
    'role',
    'objet',
    'nature',
    'procedure',
    'code_cpv',
    'date_notification',
    'date_publication',
    'duree_mois',
    'montant_centimes',
    'montant_modifie_centimes',
    'date_derniere_modification',
    'acheteur',
    'nombre_titulaires',
    'cotitulaires',
    'lieu_execution',
    'source',
  ],
  properties: {
    id: { ...nullableString, description: 'Identifiant du marché tel que publié (unique par acheteur).' },
    role: { enum: ['titulaire', 'acheteur'] },
    objet: nullableString,
    nature: { ...nullableString, description: 'Marché, Accord-cadre, Marché subséquent… tel que publié.' },
    procedure: nullableString,
    code_cpv: nullableString,
    date_notification: nullableDate,
    date_publication: { ...nullableDate, description: '`datePublicationDonnees`.' },
    duree_mois: { type: ['integer', 'null'] },
    montant_centimes: amount(
      'Montant initial publié, en centimes d’euro HT (entier, exact) ; null quand illisible ou non exact au centime.',
    ),
    montant_modifie_centimes: amount(
      'Montant publié par la dernière modification qui en publie un (nouveau montant du marché), en centimes ; null sinon.',
    ),
    date_derniere_modification: nullableDate,
    acheteur: {
      type: 'object',
      required: ['siret', 'nom'],
      properties: { siret: nullableString, nom: nullableString },
    },
    nombre_titulaires: { ...count, description: 'Titulaires nommés (initiaux et des modifications).' },
    cotitulaires: {
      type: ['integer', 'null'],
      minimum: 0,
      description:
        'Pour le rôle titulaire : les autres titulaires, comptés, jamais nommés ; null pour un acheteur.',
    },
    lieu_execution: {
      type: 'object',
      required: ['code', 'type_code', 'nom'],
      properties: { code: nullableString, type_code: nullableString, nom: nullableString },
    },
    source: { ...nullableString, description: 'Source de la donnée dans la consolidation (`source`).' },
  },
};

/** Members of the answer and of the dossier's `marches_publics` block. */
const MARCHES_PUBLICS_PROPERTIES: Record<string, JsonSchema> = {
  siren: SIREN_SCHEMA,
  denomination: nullableString,
  nombre_marches_titulaire: count,
  nombre_marches_acheteur: count,
  montant_total_titulaire_centimes: amount(
    'Somme, en centimes, des montants initiaux publiés des marchés dont l’entreprise est titulaire (lisibles au centime) ; null sans montant lisible.',
  ),
  marches_titulaire_sans_montant: count,
  tronque: { type: 'boolean' },
  marches: {
    type: 'array',
    description: 'Le plus récent d’abord (date de notification).',
    items: marcheSchema,
  },
  listes_bornees: boundedListsSchema(['marches']),
  note: { type: 'string' },
};

const MARCHES_PUBLICS_REQUIRED = Object.keys(MARCHES_PUBLICS_PROPERTIES);

/** The dossier's `marches_publics` block: the summary and the most recent contracts. */
export const marchesPublicsBlockSchema: JsonSchema = {
  type: 'object',
  required: MARCHES_PUBLICS_REQUIRED,
  properties: MARCHES_PUBLICS_PROPERTIES,
};

export const marchesPublicsSchema: JsonSchema = {
  type: 'object',
  required: [...MARCHES_PUBLICS_REQUIRED, 'couverture'],
  properties: {
    ...MARCHES_PUBLICS_PROPERTIES,
    couverture: {
      type: 'object',
      required: ['marches_sans_titulaire_identifiable'],
      properties: {
        marches_sans_titulaire_identifiable: {
          ...count,
          description:
            'Marchés de la copie dont aucun titulaire n’est identifié par un SIRET lisible (autre type d’identifiant, SIRET mal formé) : introuvables par SIREN.',
        },
      },
    },
  },
};
