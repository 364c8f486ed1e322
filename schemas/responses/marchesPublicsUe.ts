import type { JsonSchema } from '../jsonSchema.ts';
import { SIREN_SCHEMA } from '../params/siren.ts';
import { boundedListsSchema } from './boundedLists.ts';

const nullableString: JsonSchema = { type: ['string', 'null'] };
const count: JsonSchema = { type: 'integer', minimum: 0 };

const attributionSchema: JsonSchema = {
  type: 'object',
  required: ['lot', 'contrat', 'titre', 'montant_centimes', 'devise', 'groupement', 'coattributaires'],
  properties: {
    lot: { ...nullableString, description: 'Lot tel que publié (`LOT-0001`, R2.0.9 `LOT_NO`).' },
    contrat: {
      ...nullableString,
      description: 'Référence du contrat publiée (`ContractReference`, `CONTRACT_NO`).',
    },
    titre: nullableString,
    montant_centimes: {
      type: ['integer', 'null'],
      description:
        'Valeur publiée pour ce contrat (offre retenue, eForms `PayableAmount` ; R2.0.9 `VAL_TOTAL`), en centimes de `devise` (entier exact) ; pour un groupement, celle du groupement. null quand elle n’est pas publiée ou est occultée (`-1`, publication différée).',
    },
    devise: { ...nullableString, description: 'Code ISO 4217 tel que publié (`EUR`).' },
    groupement: { type: 'boolean', description: 'Attribué à plusieurs opérateurs ensemble.' },
    coattributaires: {
      ...count,
      description: 'Les autres attributaires de ce contrat, comptés, jamais nommés.',
    },
  },
};

const avisSchema: JsonSchema = {
  type: 'object',
  required: [
    'numero_publication',
    'date_publication',
    'type_avis',
    'titre',
    'acheteur',
    'code_cpv',
    'lien',
    'attributions',
  ],
  properties: {
    numero_publication: { type: 'string', description: 'Numéro de publication au JOUE S (`00251823-2024`).' },
    date_publication: { type: ['string', 'null'], format: 'date' },
    type_avis: {
      ...nullableString,
      description:
        'eForms `NoticeTypeCode` (`can-standard`…) ou formulaire TED XML R2.0.9 (`F03`, `F06`, `F15`…).',
    },
    titre: nullableString,
    acheteur: { type: 'object', required: ['nom'], properties: { nom: nullableString } },
    code_cpv: { ...nullableString, description: 'Code CPV principal.' },
    lien: { type: 'string', format: 'uri', description: 'L’avis sur ted.europa.eu.' },
    attributions: {
      type: 'array',
      description: 'Les contrats de l’avis dont l’entreprise est attributaire.',
      items: attributionSchema,
    },
  },
};

/** Members of the answer and of the dossier's `marches_publics_ue` block. */
const MARCHES_PUBLICS_UE_PROPERTIES: Record<string, JsonSchema> = {
  siren: SIREN_SCHEMA,
  denomination: nullableString,
  nombre_avis: {
    ...count,
    description: 'Avis d’attribution TED dont l’entreprise est attributaire identifiée.',
  },
  nombre_attributions: count,
  tronque: { type: 'boolean' },
  avis: { type: 'array', description: 'Le plus récent d’abord (date de publication).', items: avisSchema },
  listes_bornees: boundedListsSchema(['avis']),
  note: { type: 'string' },
};

const MARCHES_PUBLICS_UE_REQUIRED = Object.keys(MARCHES_PUBLICS_UE_PROPERTIES);

/** The dossier's `marches_publics_ue` block: the route's answer without its `couverture`. */
export const marchesPublicsUeBlockSchema: JsonSchema = {
  type: 'object',
  required: MARCHES_PUBLICS_UE_REQUIRED,
  properties: MARCHES_PUBLICS_UE_PROPERTIES,
};

export const marchesPublicsUeSchema: JsonSchema = {
  type: 'object',
  required: [...MARCHES_PUBLICS_UE_REQUIRED, 'couverture'],
  properties: {
    ...MARCHES_PUBLICS_UE_PROPERTIES,
    couverture: {
      type: 'object',
      required: ['avis_attributaire_francais_non_identifie'],
      properties: {
        avis_attributaire_francais_non_identifie: {
          ...count,
          description:
            'Avis de la copie dont au moins un attributaire français ne publie ni SIREN ni SIRET utilisable (nom seul, identifiant illisible) : jamais rapprochés d’une entreprise, introuvables par SIREN.',
        },
      },
    },
  },
};
