import { RAISONS_BLOC_ABSENT } from '../enums/blocAbsent.ts';
import type { JsonSchema } from '../jsonSchema.ts';
import { SIREN_SCHEMA } from '../params/siren.ts';
import { boundedListsSchema } from './boundedLists.ts';
import { conventionsCollectivesNotesSchema, conventionsCollectivesSchema } from './conventionsCollectives.ts';
import { dirigeantsSchema } from './dirigeants.ts';
import { groupeLeiSchema } from './groupeLei.ts';
import { indexEgaproSchema } from './indexEgapro.ts';

const nullableString: JsonSchema = { type: ['string', 'null'] };
const nullableDate: JsonSchema = { type: ['string', 'null'], format: 'date' };

export const identityProperties: Record<string, JsonSchema> = {
  siren: SIREN_SCHEMA,
  denomination: { ...nullableString, description: 'Raison sociale (denominationUniteLegale).' },
  sigle: nullableString,
  denominations_usuelles: {
    type: 'array',
    items: { type: 'string' },
    description: 'Dénominations usuelles publiées (1 à 3), vide si aucune.',
  },
  nature_juridique: { ...nullableString, description: 'Catégorie juridique INSEE, niveau III (4 chiffres).' },
  activite_principale: { ...nullableString, description: 'Code APE/NAF de l’unité légale.' },
  categorie_entreprise: { ...nullableString, description: 'PME, ETI ou GE ; null si non publiée.' },
  tranche_effectif_salarie: { ...nullableString, description: 'Code de tranche d’effectif INSEE.' },
  date_creation: nullableDate,
  etat_administratif: { ...nullableString, description: '`actif` ou `cesse`.' },
};

const coordinatesSchema: JsonSchema = {
  type: ['object', 'null'],
  description: 'WGS84, depuis les coordonnées Lambert de Sirene ; null si non publiées.',
  required: ['latitude', 'longitude'],
  properties: { latitude: { type: 'number' }, longitude: { type: 'number' } },
};

export const absentBlockSchema: JsonSchema = {
  type: 'object',
  required: ['bloc', 'raison', 'message'],
  properties: {
    bloc: { type: 'string' },
    raison: { type: 'string', enum: RAISONS_BLOC_ABSENT.map((r) => r.code) },
    message: { type: 'string' },
  },
};

export const entrepriseProfileSchema: JsonSchema = {
  type: 'object',
  required: [
    ...Object.keys(identityProperties),
    'siege',
    'dirigeants',
    'tva_intracommunautaire',
    'nombre_etablissements',
    'index_egapro',
    'conventions_collectives',
    'conventions_collectives_notes',
    'groupe_lei',
    'blocs_absents',
  ],
  properties: {
    ...identityProperties,
    siege: {
      type: 'object',
      required: ['siret', 'adresse', 'code_postal', 'commune'],
      properties: {
        siret: { type: ['string', 'null'], pattern: '^\\d{14}$' },
        adresse: nullableString,
        code_postal: nullableString,
        commune: nullableString,
        coordonnees: coordinatesSchema,
      },
    },
    dirigeants: dirigeantsSchema,
    tva_intracommunautaire: { type: 'string', pattern: '^FR\\d{11}$' },
    nombre_etablissements: { type: 'integer', minimum: 0 },
    index_egapro: indexEgaproSchema,
    conventions_collectives: conventionsCollectivesSchema,
    conventions_collectives_notes: conventionsCollectivesNotesSchema,
    groupe_lei: groupeLeiSchema,
    blocs_absents: { type: 'array', items: absentBlockSchema },
  },
};

export const entrepriseEtablissementsSchema: JsonSchema = {
  type: 'object',
  required: ['siren', 'denomination', 'nombre_etablissements', 'listes_bornees', 'etablissements'],
  properties: {
    siren: SIREN_SCHEMA,
    denomination: nullableString,
    nombre_etablissements: { type: 'integer', minimum: 0 },
    listes_bornees: boundedListsSchema(['etablissements'], { required: true }),
    etablissements: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'siret',
          'est_siege',
          'adresse',
          'code_postal',
          'commune',
          'etat_administratif',
          'activite_principale',
          'date_creation',
        ],
        properties: {
          siret: { type: 'string', pattern: '^\\d{14}$' },
          est_siege: { type: 'boolean' },
          adresse: nullableString,
          code_postal: nullableString,
          commune: nullableString,
          etat_administratif: { ...nullableString, description: '`actif` ou `ferme`.' },
          activite_principale: nullableString,
          date_creation: nullableDate,
          coordonnees: coordinatesSchema,
        },
      },
    },
  },
};
