import type { JsonSchema } from '../jsonSchema.ts';
import { SIREN_SCHEMA } from '../params/siren.ts';
import { boundedListsSchema } from './boundedLists.ts';

const nullableString = { type: ['string', 'null'] };

export const ALERT_CATEGORIES = [
  'ouverture_procedure',
  'plan',
  'liquidation',
  'cloture',
  'radiation',
] as const;
export const PROCEDURES = ['sauvegarde', 'redressement_judiciaire', 'liquidation_judiciaire'] as const;

/** One signal of a company from a live BODACC notice (the alerts route, the dossier blocks). */
export const alerteSchema: JsonSchema = {
  type: 'object',
  required: [
    'categorie',
    'procedure',
    'date',
    'date_origine',
    'date_parution',
    'tribunal',
    'nature',
    'annonce_id',
    'type_avis',
  ],
  properties: {
    categorie: {
      enum: [...ALERT_CATEGORIES],
      description:
        'ouverture_procedure (jugement d’ouverture), plan (plan arrêté ou modifié), liquidation (prononcée ou par conversion), cloture (clôture ou fin de procédure), radiation (annonce de radiation).',
    },
    procedure: {
      enum: [...PROCEDURES, null],
      description: 'Procédure nommée par la nature du jugement, null quand elle n’en nomme pas.',
    },
    date: {
      type: 'string',
      format: 'date',
      description:
        'Date du jugement publiée ; à défaut (radiation, date illisible), date de parution (voir date_origine).',
    },
    date_origine: { enum: ['jugement', 'parution'] },
    date_parution: { type: 'string', format: 'date' },
    tribunal: nullableString,
    nature: {
      ...nullableString,
      description:
        'Nature du jugement telle que publiée, ou pour une radiation le libellé de la famille et son commentaire.',
    },
    annonce_id: { type: 'string' },
    type_avis: nullableString,
  },
};

export const alertesSchema: JsonSchema = {
  type: 'object',
  required: ['siren', 'denomination', 'nombre_alertes', 'alertes', 'listes_bornees', 'note'],
  properties: {
    siren: SIREN_SCHEMA,
    denomination: nullableString,
    nombre_alertes: { type: 'integer', minimum: 0 },
    alertes: {
      type: 'array',
      description:
        'Signaux publiés au BODACC (procédures collectives et radiations), le plus récent d’abord ; les annonces annulées ou remplacées en sont exclues.',
      items: alerteSchema,
    },
    listes_bornees: boundedListsSchema(['alertes']),
    note: { type: 'string' },
  },
};
