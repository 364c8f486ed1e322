import type { JsonSchema } from '../jsonSchema.ts';
import { BLOCS_DOSSIER } from '../params/blocs.ts';
import { SIREN_SCHEMA } from '../params/siren.ts';
import { agrementsBlockSchema } from './agrements.ts';
import { alertesSchema } from './alertes.ts';
import { documentsListSchema } from './documents.ts';
import { absentBlockSchema, entrepriseEtablissementsSchema } from './entreprise.ts';
import { lobbyingBlockSchema } from './lobbying.ts';
import { marchesPublicsBlockSchema } from './marchesPublics.ts';
import { marchesPublicsUeBlockSchema } from './marchesPublicsUe.ts';
import { piBlockSchema } from './pi.ts';
import { risquesIndustrielsBlockSchema } from './risquesIndustriels.ts';
import { scoreBlockSchema } from './score.ts';
import { facturationPrepBlockSchema } from './tvaVerifier.ts';

const nullableString: JsonSchema = { type: ['string', 'null'] };
const nullableAmount: JsonSchema = {
  type: ['integer', 'null'],
  description: 'Euros ; null quand non publié (comptes confidentiels). / Euros; null when not published.',
};

/** The `finances` block: the filed annual accounts, one exercise per closing date, newest first. */
export const financesBlockSchema: JsonSchema = {
  type: 'object',
  required: ['siren', 'nombre_exercices', 'exercices', 'note'],
  properties: {
    siren: SIREN_SCHEMA,
    nombre_exercices: { type: 'integer', minimum: 1 },
    exercices: {
      type: 'array',
      items: {
        type: 'object',
        required: ['date_cloture', 'chiffre_affaires', 'ebe', 'resultat_net'],
        properties: {
          date_cloture: { type: 'string', format: 'date' },
          chiffre_affaires: nullableAmount,
          ebe: nullableAmount,
          resultat_net: nullableAmount,
        },
      },
    },
    note: { type: 'string' },
  },
};

/** The members of the dossier's `identite`, in order: all of them always present. */
export const DOSSIER_IDENTITY_MEMBERS = [
  'siren',
  'denomination',
  'nature_juridique',
  'activite_principale',
  'categorie_entreprise',
  'etat_administratif',
] as const;

const identiteSchema: JsonSchema = {
  type: 'object',
  required: [...DOSSIER_IDENTITY_MEMBERS],
  properties: {
    siren: SIREN_SCHEMA,
    denomination: nullableString,
    nature_juridique: { type: 'string', description: 'Catégorie juridique INSEE (4 chiffres).' },
    activite_principale: nullableString,
    categorie_entreprise: nullableString,
    etat_administratif: { type: 'string', description: '`actif` ou `cesse`.' },
  },
};

const count: JsonSchema = { type: 'integer', minimum: 0 };

export const dossierSchema: JsonSchema = {
  type: 'object',
  required: ['siren', 'identite', 'blocs_demandes', 'blocs', 'blocs_absents', 'resume'],
  properties: {
    siren: SIREN_SCHEMA,
    identite: identiteSchema,
    blocs_demandes: {
      type: 'array',
      description: 'Les blocs demandés, dans l’ordre de la requête, chacun une fois.',
      items: { enum: [...BLOCS_DOSSIER] },
    },
    blocs: {
      type: 'object',
      description: 'Les blocs servis (et facturés), par nom.',
      additionalProperties: false,
      properties: {
        etablissements: entrepriseEtablissementsSchema,
        alertes_bodacc: alertesSchema,
        finances: financesBlockSchema,
        marches_publics: marchesPublicsBlockSchema,
        agrements: agrementsBlockSchema,
        lobbying: lobbyingBlockSchema,
        risques_industriels: risquesIndustrielsBlockSchema,
        marches_publics_ue: marchesPublicsUeBlockSchema,
        pi: piBlockSchema,
        facturation_prep: facturationPrepBlockSchema,
        documents: documentsListSchema,
        score: scoreBlockSchema,
      },
    },
    blocs_absents: {
      type: 'array',
      description: 'Chaque bloc demandé non servi (et non facturé), avec sa raison.',
      items: absentBlockSchema,
    },
    resume: {
      type: 'object',
      required: ['demandes', 'servis', 'absents', 'dont_panne_amont'],
      properties: { demandes: count, servis: count, absents: count, dont_panne_amont: count },
    },
  },
};
