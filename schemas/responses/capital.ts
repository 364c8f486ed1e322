import type { JsonSchema } from '../jsonSchema.ts';
import { SIREN_PATTERN } from '../params/siren.ts';
import { boundedListsSchema } from './boundedLists.ts';
import { groupeLeiSchema } from './groupeLei.ts';

const nullableString: JsonSchema = { type: ['string', 'null'] };
const nullableDate: JsonSchema = { type: ['string', 'null'], format: 'date' };
/** An amount in hundredths of its currency, an exact integer (never a float); null when not published. */
const cents: JsonSchema = {
  type: ['integer', 'null'],
  description:
    'Montant en centièmes de la devise (centimes d’euro), entier exact ; null quand non publié ou illisible au centime.',
};

const capitalSchema: JsonSchema = {
  type: ['object', 'null'],
  required: ['montant_centimes', 'montant', 'devise', 'variable'],
  additionalProperties: false,
  description: 'Le capital social tel que le RNE le publie ; null quand le RNE n’en publie aucun.',
  properties: {
    montant_centimes: cents,
    montant: {
      ...nullableString,
      description: 'Le montant tel qu’écrit par le registre, en décimal exact (`170348620.75`).',
    },
    devise: nullableString,
    variable: { type: ['boolean', 'null'] },
  },
};

const historySchema: JsonSchema = {
  type: 'object',
  required: ['source', 'date'],
  properties: {
    source: { enum: ['rne', 'bodacc'] },
    date: {
      ...nullableDate,
      description: 'RNE : date d’effet de l’événement ; BODACC : date de parution de l’annonce.',
    },
    evenement: { ...nullableString, description: 'RNE : code de l’événement (`15M`).' },
    libelle: nullableString,
    numero_liasse: nullableString,
    annonce_id: { ...nullableString, description: 'BODACC : identifiant de l’annonce (`B202302491051`).' },
    famille: nullableString,
    modification_capital: {
      type: 'boolean',
      description:
        'BODACC : l’annonce annonce une modification du capital (sinon elle en publie le montant).',
    },
    montant_centimes: cents,
    montant: nullableString,
    devise: nullableString,
    variable: { type: 'boolean' },
    url: nullableString,
  },
};

const legalHolderSchema: JsonSchema = {
  type: 'object',
  required: ['siren', 'denomination', 'code_fonction', 'fonction', 'actif'],
  additionalProperties: false,
  properties: {
    siren: { type: ['string', 'null'], pattern: SIREN_PATTERN },
    denomination: nullableString,
    code_fonction: nullableString,
    fonction: nullableString,
    actif: { type: ['boolean', 'null'] },
  },
};

export const capitalResponseSchema: JsonSchema = {
  type: 'object',
  required: [
    'siren',
    'denomination',
    'connu_du_rne',
    'capital',
    'historique',
    'detenteurs',
    'consulte_le',
    'listes_bornees',
  ],
  properties: {
    siren: { type: 'string', pattern: SIREN_PATTERN },
    denomination: nullableString,
    connu_du_rne: {
      type: 'boolean',
      description:
        'Faux quand le RNE ne tient pas cette entreprise (404) : capital null, historique RNE vide.',
    },
    capital: capitalSchema,
    historique: {
      type: 'array',
      items: historySchema,
      description:
        'Changements du capital, le plus récent d’abord : événements datés de l’historique du RNE (sans montant) et annonces BODACC qui publient le capital ou en annoncent la modification.',
    },
    detenteurs: {
      type: 'object',
      required: ['exhaustivite', 'associes_personnes_morales', 'associes_personnes_physiques', 'groupe_lei'],
      properties: {
        exhaustivite: { const: 'partielle' },
        associes_personnes_morales: {
          type: 'array',
          items: legalHolderSchema,
          description:
            'Associés personnes morales que le RNE déclare (rôle d’associé), par SIREN et dénomination.',
        },
        associes_personnes_physiques: {
          type: 'object',
          required: ['nombre'],
          properties: { nombre: { type: 'integer', minimum: 0 } },
          description: 'Associés personnes physiques : comptés, jamais nommés.',
        },
        groupe_lei: groupeLeiSchema,
      },
    },
    documents_detention: {
      description:
        'Actes déposés au RNE qui peuvent porter la détention du capital (statuts, cessions, apports, opérations sur le capital), à télécharger par la route des documents ; `indisponible` quand la liste des dépôts n’a pu être lue (jamais une liste vide à sa place).',
      oneOf: [
        {
          type: 'object',
          required: ['etat', 'actes'],
          properties: {
            etat: { const: 'renseigne' },
            actes: {
              type: 'array',
              items: {
                type: 'object',
                required: ['id', 'libelle', 'date_depot', 'telechargement'],
                properties: {
                  id: { type: 'string' },
                  libelle: nullableString,
                  date_depot: nullableDate,
                  telechargement: { type: 'string' },
                },
              },
            },
          },
        },
        {
          type: 'object',
          required: ['etat', 'raison'],
          properties: { etat: { const: 'indisponible' }, raison: { type: 'string' } },
        },
      ],
    },
    consulte_le: { type: 'string', format: 'date-time' },
    listes_bornees: boundedListsSchema(['historique'], { required: true }),
    note: { type: 'string' },
  },
};
