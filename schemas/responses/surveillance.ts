import type { JsonSchema } from '../jsonSchema.ts';
import { changementsSchema } from './changements.ts';

const nullableString = { type: ['string', 'null'] };
const dateTime = { type: 'string', format: 'date-time' };

export const WATCH_ID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

const entitySchema: JsonSchema = {
  type: 'object',
  required: ['pays', 'id'],
  properties: {
    pays: { type: 'string', description: 'Code pays ISO 3166-1 (FR pour un SIREN).' },
    id: {
      type: 'string',
      description: 'SIREN, ou identifiant national tel que l’écrit le registre du pays.',
    },
  },
};

/** GET /v1/surveillance/{id}. */
export const watchSchema: JsonSchema = {
  type: 'object',
  required: ['surveillance', 'etat', 'entites', 'jours', 'cree_le', 'fin', 'prix', 'webhook_url'],
  properties: {
    surveillance: { type: 'string', pattern: WATCH_ID_PATTERN },
    etat: {
      type: 'string',
      enum: ['active'],
      description: 'Une surveillance arrivée à sa fin n’est plus servie (404 surveillance_inconnue).',
    },
    entites: { type: 'array', items: entitySchema },
    jours: { type: 'integer', enum: [30, 90, 365] },
    cree_le: dateTime,
    fin: { ...dateTime, description: 'Fin de la surveillance : plus aucune livraison ni lecture après.' },
    prix: {
      type: 'object',
      required: ['par_entite', 'total'],
      description: 'En unités de prix (1e-6 USD).',
      properties: { par_entite: { type: 'integer' }, total: { type: 'integer' } },
    },
    webhook_url: nullableString,
  },
};

/** A change the log recorded for a watched entity (its webhook carries the same `changement`). */
const changeSchema: JsonSchema = {
  type: 'object',
  required: ['livraison', 'registre', 'genre', 'constate_le', 'detail'],
  properties: {
    livraison: { type: 'string', description: 'Identifiant de livraison du webhook de ce changement.' },
    registre: { type: 'string' },
    genre: {
      type: 'string',
      enum: ['annonce_bodacc', 'modification_fiche', 'retrait_registre', 'observation_differente'],
    },
    constate_le: { ...dateTime, description: 'Quand le changement est entré au journal.' },
    detail: {
      type: 'object',
      description: 'Ce que le changement dit de lui-même, jamais le contenu d’une fiche.',
    },
  },
};

const recordedChangesSchema: JsonSchema = {
  type: 'object',
  required: ['nombre', 'nombre_total', 'tronque', 'changements'],
  properties: {
    nombre: { type: 'integer', minimum: 0 },
    nombre_total: { type: 'integer', minimum: 0 },
    tronque: { type: 'boolean' },
    changements: { type: 'array', items: changeSchema },
  },
};

const frenchEntitySchema = changementsSchema as {
  properties: Record<string, JsonSchema>;
  required: string[];
};

/** GET /v1/surveillance/{id}/annonces. */
export const watchAnnouncementsSchema: JsonSchema = {
  type: 'object',
  required: ['surveillance', 'depuis', 'fin', 'entites'],
  properties: {
    surveillance: { type: 'string', pattern: WATCH_ID_PATTERN },
    depuis: { type: 'string', format: 'date' },
    fin: dateTime,
    entites: {
      type: 'array',
      description:
        'Une entrée par entité surveillée, dans l’ordre de la surveillance. Un SIREN : la forme de « Nouvelles annonces depuis une date » (GET /v1/entreprise/{siren}/changements), plus les changements constatés. Une entité européenne : ses changements constatés.',
      items: {
        type: 'object',
        required: ['pays', 'id', 'changements_constates'],
        properties: {
          pays: { type: 'string' },
          id: { type: 'string' },
          ...frenchEntitySchema.properties,
          changements_constates: recordedChangesSchema,
        },
      },
    },
  },
};

/** GET /v1/surveillance/{id}/livraisons. */
export const watchDeliveriesSchema: JsonSchema = {
  type: 'object',
  required: ['surveillance', 'nombre', 'livraisons'],
  properties: {
    surveillance: { type: 'string', pattern: WATCH_ID_PATTERN },
    nombre: { type: 'integer', minimum: 0 },
    livraisons: {
      type: 'array',
      description:
        'Les livraisons tentées, la plus récente d’abord ; chacune avec ses tentatives dans l’ordre.',
      items: {
        type: 'object',
        required: ['livraison', 'entite', 'etat', 'tentatives'],
        properties: {
          livraison: { type: 'string' },
          entite: entitySchema,
          etat: {
            type: 'string',
            enum: ['livre', 'en_attente', 'abandon'],
            description:
              '`abandon` : toujours en échec 24 h après la première tentative, ou surveillance finie.',
          },
          tentatives: {
            type: 'array',
            items: {
              type: 'object',
              required: ['tentative', 'tente_le', 'issue', 'statut_http', 'erreur', 'prochaine_tentative'],
              properties: {
                tentative: { type: 'integer', minimum: 1 },
                tente_le: dateTime,
                issue: { type: 'string', enum: ['livre', 'echec', 'abandon', 'adresse_refusee'] },
                statut_http: { type: ['integer', 'null'] },
                erreur: nullableString,
                prochaine_tentative: { type: ['string', 'null'], format: 'date-time' },
              },
            },
          },
        },
      },
    },
  },
};

/** POST /v1/surveillance/creer: the watch created, its webhook secret shown this once. */
export const watchCreatedSchema: JsonSchema = {
  type: 'object',
  required: ['surveillance', 'entites', 'jours', 'cree_le', 'fin', 'prix', 'webhook_url', 'secret'],
  properties: {
    surveillance: { type: 'string', pattern: WATCH_ID_PATTERN },
    entites: { type: 'array', items: entitySchema },
    jours: { type: 'integer', enum: [30, 90, 365] },
    cree_le: dateTime,
    fin: { ...dateTime, description: 'Fin de la surveillance : plus aucune livraison ni lecture après.' },
    prix: {
      type: 'object',
      required: ['par_entite', 'total'],
      description: 'En unités de prix (1e-6 USD) : chaque entité distincte facturée une fois.',
      properties: { par_entite: { type: 'integer' }, total: { type: 'integer' } },
    },
    webhook_url: nullableString,
    secret: {
      type: 'string',
      description:
        'Clé HMAC des webhooks de cette surveillance, montrée cette seule fois (une requête rejouée par son Idempotency-Key la rend encore). / The HMAC key of its webhooks, shown this once.',
    },
  },
};

/** The body of POST /v1/surveillance/creer. */
export const watchRequestSchema: JsonSchema = {
  type: 'object',
  required: ['entites', 'jours'],
  additionalProperties: false,
  properties: {
    entites: {
      type: 'array',
      minItems: 1,
      maxItems: 1000,
      description:
        'Les entités : un SIREN (chaîne), ou {pays, id} pour un registre européen qui enregistre les changements (GET /v1/lecture). / SIRENs, or {pays, id}.',
      items: {
        oneOf: [
          { type: 'string', maxLength: 64 },
          {
            type: 'object',
            required: ['pays', 'id'],
            additionalProperties: false,
            properties: {
              pays: { type: 'string', minLength: 2, maxLength: 2 },
              id: { type: 'string', minLength: 1, maxLength: 64 },
            },
          },
        ],
      },
    },
    jours: { type: 'integer', enum: [30, 90, 365], description: 'Durée en jours.' },
    webhook_url: {
      type: 'string',
      maxLength: 2048,
      description: 'Adresse https où chaque changement est envoyé, signé (facultatif).',
    },
  },
};
