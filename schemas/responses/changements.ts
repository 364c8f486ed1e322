import type { JsonSchema } from '../jsonSchema.ts';
import { SIREN_SCHEMA } from '../params/siren.ts';
import { boundedListsSchema } from './boundedLists.ts';

const nullableString = { type: ['string', 'null'] };
const nullableDate = { type: ['string', 'null'], format: 'date' };

/** The judgment of a collective-procedure notice, without its free-text complement (it may name persons). */
export const judgmentSchema: JsonSchema = {
  type: ['object', 'null'],
  required: ['type', 'famille', 'nature', 'date'],
  properties: {
    type: nullableString,
    famille: nullableString,
    nature: nullableString,
    date: {
      ...nullableDate,
      description: 'Date du jugement telle que publiée, normalisée ; null si illisible.',
    },
  },
};

export const changementsSchema: JsonSchema = {
  type: 'object',
  required: ['siren', 'denomination', 'depuis', 'nouveaux_evenements_bodacc', 'changements_fiche'],
  properties: {
    siren: SIREN_SCHEMA,
    denomination: {
      ...nullableString,
      description:
        'Dénomination de la personne morale selon sa dernière annonce ; null sinon (jamais le nom d’une personne physique).',
    },
    depuis: { type: 'string', format: 'date' },
    nouveaux_evenements_bodacc: {
      type: 'object',
      required: ['nombre', 'nombre_total', 'tronque', 'annonces', 'listes_bornees'],
      properties: {
        nombre: { type: 'integer', minimum: 0 },
        nombre_total: { type: 'integer', minimum: 0 },
        tronque: { type: 'boolean' },
        annonces: {
          type: 'array',
          description:
            'Annonces en vigueur parues depuis la date, la plus récente d’abord ; une annonce annulée ou remplacée par un rectificatif n’y figure pas.',
          items: {
            type: 'object',
            required: ['id', 'date_parution', 'type_avis', 'tribunal', 'jugement', 'publication', 'famille'],
            properties: {
              id: { type: 'string' },
              date_parution: nullableDate,
              type_avis: { ...nullableString, description: '`annonce` ou `rectificatif`.' },
              tribunal: nullableString,
              jugement: judgmentSchema,
              publication: { ...nullableString, description: '`BODACC A`, `BODACC B` ou `BODACC C`.' },
              famille: {
                ...nullableString,
                description:
                  'Famille de l’annonce : collective, conciliation, creation, divers, dpc, immatriculation, modification, radiation, retablissement_professionnel, vente.',
              },
              avis_precedent: {
                ...nullableString,
                description: 'Pour un rectificatif : l’identifiant de l’annonce qu’il remplace.',
              },
            },
          },
        },
        listes_bornees: boundedListsSchema(['annonces']),
      },
    },
    changements_fiche: {
      type: 'object',
      required: ['disponible', 'version_stock_courant'],
      properties: {
        disponible: {
          type: 'boolean',
          description:
            'Vrai quand le stock d’identité Sirene tenu est daté après `depuis` : la fiche a pu changer depuis. / True when the identity stock held is dated after `depuis`.',
        },
        version_stock_courant: nullableString,
      },
    },
  },
};
