import { DRAPEAUX_INTELLIGENCE } from '../enums/drapeauxIntelligence.ts';
import type { JsonSchema } from '../jsonSchema.ts';
import { SIREN_SCHEMA } from '../params/siren.ts';
import { agrementsBlockSchema } from './agrements.ts';
import { alerteSchema } from './alertes.ts';
import { contentieuxSchema } from './contentieux.ts';
import { documentsListSchema } from './documents.ts';
import { absentBlockSchema, entrepriseEtablissementsSchema, identityProperties } from './entreprise.ts';
import { financementsUeSchema } from './financementsUe.ts';
import { groupeLeiSchema } from './groupeLei.ts';
import { dirigeantsKybSchema } from './kyb.ts';
import { lobbyingBlockSchema } from './lobbying.ts';
import { marchesPublicsBlockSchema } from './marchesPublics.ts';
import { marchesPublicsUeBlockSchema } from './marchesPublicsUe.ts';
import { piBlockSchema } from './pi.ts';
import { risquesIndustrielsBlockSchema } from './risquesIndustriels.ts';

/** The closed lists the schema states (kept here so that schemas/ does not import the API). */
export const INTELLIGENCE_BLOCS = [
  'etablissements',
  'dirigeants',
  'groupe_lei',
  'comptes',
  'score',
  'procedures_collectives',
  'changements',
  'marches_publics',
  'marches_publics_ue',
  'financements_ue',
  'agrements',
  'contentieux',
  'documents',
  'lobbying',
  'risques_industriels',
  'pi',
] as const;

const nullableString: JsonSchema = { type: ['string', 'null'] };
const nullableNumber: JsonSchema = { type: ['number', 'null'] };
const nullableInteger: JsonSchema = { type: ['integer', 'null'] };
const count: JsonSchema = { type: 'integer', minimum: 0 };
const RATIOS = ['marge_ebe', 'marge_nette', 'bfr_sur_ca'];
const TENDANCE: JsonSchema = { enum: ['hausse', 'baisse', 'stable', null] };

const ratiosSchema = (description: string): JsonSchema => ({
  type: 'object',
  description,
  required: RATIOS,
  additionalProperties: false,
  properties: Object.fromEntries(RATIOS.map((r) => [r, nullableNumber])),
});

/** The `comptes` block: five exercises, their ratios beside the sector's medians, and the trends. */
export const comptesBlockSchema: JsonSchema = {
  type: 'object',
  required: [
    'siren',
    'division_naf',
    'medianes_secteur',
    'nombre_exercices',
    'exercices',
    'tendances',
    'note',
  ],
  properties: {
    siren: SIREN_SCHEMA,
    division_naf: { ...nullableString, description: 'Division NAF (deux chiffres) du secteur comparé.' },
    medianes_secteur: {
      enum: ['servies', 'en_calcul', 'sans_division'],
      description:
        '`en_calcul` : médianes de la division en cours de lecture (une fois par copie), `secteur` null ; réessayez dans un instant. `sans_division` : code NAF non publié.',
    },
    nombre_exercices: { type: 'integer', minimum: 1, maximum: 5 },
    exercices: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'date_cloture',
          'type_bilan',
          'chiffre_affaires',
          'ebe',
          'resultat_net',
          'croissance_ca',
          'ratios',
          'secteur',
        ],
        properties: {
          date_cloture: { type: 'string', format: 'date' },
          type_bilan: { type: 'string', description: 'C sociaux, S simplifiés, K consolidés.' },
          chiffre_affaires: nullableInteger,
          ebe: nullableInteger,
          resultat_net: nullableInteger,
          croissance_ca: { ...nullableNumber, description: '% sur l’exercice précédent servi.' },
          ratios: ratiosSchema('En % du chiffre d’affaires.'),
          secteur: {
            type: ['object', 'null'],
            description:
              'Médianes de la division NAF pour la même année de clôture ; null quand la division n’a aucun exercice comparable.',
            required: ['annee', 'nombre_entreprises', 'medianes', 'ecarts'],
            properties: {
              annee: { type: 'integer' },
              nombre_entreprises: count,
              medianes: ratiosSchema('Médiane de chaque ratio sur la division.'),
              ecarts: ratiosSchema('Ratio de l’entreprise moins la médiane, en points.'),
            },
          },
        },
      },
    },
    tendances: {
      type: 'object',
      required: RATIOS,
      properties: Object.fromEntries(
        RATIOS.map((r) => [
          r,
          {
            type: 'object',
            required: ['entreprise', 'ecart_mediane_dernier', 'position_dernier', 'ecart_mediane'],
            properties: {
              entreprise: TENDANCE,
              ecart_mediane_dernier: nullableNumber,
              position_dernier: { enum: ['au_dessus', 'en_dessous', 'proche', null] },
              ecart_mediane: TENDANCE,
            },
          },
        ]),
      ),
    },
    note: { type: 'string' },
  },
};

const nullableObject = (properties: Record<string, JsonSchema>): JsonSchema => ({
  type: ['object', 'null'],
  required: Object.keys(properties),
  additionalProperties: false,
  properties,
});

const syntheseSchema: JsonSchema = {
  type: 'object',
  description:
    'Faits calculés des blocs servis seulement (comptes, dates, tendances, drapeaux) ; null pour un bloc absent. Aucun texte libre.',
  required: [
    'age_annees',
    'etat_administratif',
    'blocs',
    'etablissements',
    'dirigeants',
    'groupe',
    'comptes',
    'procedures_collectives',
    'changements',
    'marches_publics',
    'marches_publics_ue',
    'financements_ue',
    'contentieux',
    'documents',
    'drapeaux',
  ],
  additionalProperties: false,
  properties: {
    age_annees: nullableInteger,
    etat_administratif: nullableString,
    blocs: {
      type: 'object',
      required: ['servis', 'absents', 'dont_panne_amont'],
      properties: { servis: count, absents: count, dont_panne_amont: count },
    },
    etablissements: nullableObject({ total: count, ouverts_listes: count }),
    dirigeants: nullableObject({ personnes_physiques: count, personnes_morales: count }),
    groupe: nullableObject({
      etat: { type: 'string' },
      lei: nullableString,
      mere_ultime_declaree: { type: 'boolean' },
    }),
    comptes: nullableObject({
      nombre_exercices: count,
      derniere_cloture: { type: ['string', 'null'], format: 'date' },
      chiffre_affaires_dernier: nullableInteger,
      croissance_ca_dernier: nullableNumber,
      resultat_net_dernier: nullableInteger,
      tendance_marge_ebe: TENDANCE,
      position_marge_ebe_secteur: { enum: ['au_dessus', 'en_dessous', 'proche', null] },
    }),
    procedures_collectives: nullableObject({
      nombre: count,
      derniere_date: { type: ['string', 'null'], format: 'date' },
      derniere_categorie: nullableString,
    }),
    changements: nullableObject({
      nombre_total: count,
      derniere_parution: { type: ['string', 'null'], format: 'date' },
    }),
    marches_publics: nullableObject({
      titulaire: count,
      acheteur: count,
      montant_total_titulaire_centimes: nullableInteger,
    }),
    marches_publics_ue: nullableObject({ avis: count, attributions: count }),
    financements_ue: nullableObject({ projets: count, contribution_ue_totale_eur: nullableNumber }),
    contentieux: nullableObject({ decisions: count }),
    documents: nullableObject({ actes: count, bilans: count, bilans_confidentiels: count }),
    drapeaux: {
      type: 'array',
      description: 'Drapeaux (liste fermée), chacun tiré d’un bloc servi par une règle fixe.',
      items: {
        type: 'object',
        required: ['code', 'bloc'],
        additionalProperties: false,
        properties: { code: { enum: DRAPEAUX_INTELLIGENCE.map((d) => d.code) }, bloc: { type: 'string' } },
      },
    },
  },
};

/** GET /v1/intelligence/{siren} (JSON). */
export const intelligenceSchema: JsonSchema = {
  type: 'object',
  required: ['siren', 'denomination', 'synthese', 'profil', 'blocs', 'blocs_absents', 'note'],
  properties: {
    siren: SIREN_SCHEMA,
    denomination: nullableString,
    synthese: syntheseSchema,
    profil: {
      type: 'object',
      required: [
        ...Object.keys(identityProperties),
        'siege',
        'tva_intracommunautaire',
        'nombre_etablissements',
      ],
      properties: {
        ...identityProperties,
        siege: {
          type: 'object',
          required: ['siret', 'adresse', 'code_postal', 'commune'],
          properties: {
            siret: nullableString,
            adresse: nullableString,
            code_postal: nullableString,
            commune: nullableString,
          },
        },
        tva_intracommunautaire: nullableString,
        nombre_etablissements: count,
      },
    },
    blocs: {
      type: 'object',
      description: 'Les blocs servis, par nom, chacun comme sa propre route le sert.',
      additionalProperties: false,
      properties: {
        etablissements: entrepriseEtablissementsSchema,
        dirigeants: { ...dirigeantsKybSchema, type: 'object' },
        groupe_lei: groupeLeiSchema,
        comptes: comptesBlockSchema,
        score: {
          type: 'object',
          description:
            'Le bloc `score` du modèle branché, avec ses facteurs (score_risque, classe, risque_12m…).',
        },
        procedures_collectives: {
          type: 'object',
          required: ['nombre', 'liste', 'tronque'],
          properties: {
            nombre: count,
            liste: { type: 'array', items: alerteSchema },
            tronque: { type: 'boolean' },
          },
        },
        changements: {
          type: 'object',
          description: 'Annonces BODACC en vigueur, la plus récente d’abord (100 au plus).',
          required: ['nombre', 'nombre_total', 'tronque', 'annonces'],
          properties: {
            nombre: count,
            nombre_total: count,
            tronque: { type: 'boolean' },
            annonces: {
              type: 'array',
              items: {
                type: 'object',
                required: ['id', 'date_parution', 'type_avis', 'famille', 'tribunal', 'publication'],
                properties: {
                  id: { type: 'string' },
                  date_parution: { type: 'string', format: 'date' },
                  type_avis: nullableString,
                  famille: nullableString,
                  tribunal: nullableString,
                  publication: nullableString,
                },
              },
            },
          },
        },
        marches_publics: marchesPublicsBlockSchema,
        marches_publics_ue: marchesPublicsUeBlockSchema,
        financements_ue: financementsUeSchema,
        agrements: agrementsBlockSchema,
        risques_industriels: risquesIndustrielsBlockSchema,
        contentieux: contentieuxSchema,
        documents: documentsListSchema,
        lobbying: lobbyingBlockSchema,
        pi: piBlockSchema,
      },
    },
    blocs_absents: {
      type: 'array',
      description: 'Chaque bloc non servi, avec sa raison (liste fermée de GET /v1/lecture).',
      items: {
        ...absentBlockSchema,
        properties: {
          ...(absentBlockSchema.properties as Record<string, JsonSchema>),
          bloc: { enum: [...INTELLIGENCE_BLOCS] },
        },
      },
    },
    note: { type: 'string' },
  },
};

/** GET /v1/intelligence/{siren} with `Accept: application/pdf`: the same answer as a PDF. */
export const intelligencePdfSchema: JsonSchema = {
  type: 'string',
  contentMediaType: 'application/pdf',
  description:
    'Le rapport rendu de la réponse JSON, signé sur ses octets ; citation et provenance dans les en-têtes `X-Citation` et `X-Registre-Provenance`. / The report rendered from the JSON answer, signed over its bytes.',
};
