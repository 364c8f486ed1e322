import { RO_PRACTITIONER_FAMILIES, RO_STATUS_FAMILIES } from '../enums/roOnrc.ts';
import { type JsonSchema, objectList } from '../jsonSchema.ts';
import { europeanDetailSchema, holderType, nullableDate, nullableString as s } from './europeanDetail.ts';

const statusEntry = {
  code: { type: 'integer' },
  libelle_ro: s,
  famille: { type: 'string', enum: [...RO_STATUS_FAMILIES] },
  fr: s,
};

/** GET /v1/eu/entreprise/RO/{cui}/insolvabilite */
export const roInsolvencySchema: JsonSchema = europeanDetailSchema('RO', {
  required: [
    'denomination',
    'statut_registre',
    'statuts_procedure',
    'procedure_au_registre',
    'mandataires',
    'nombre_mandataires',
    'aucune_procedure',
    'autres_statuts',
    'photo',
  ],
  properties: {
    statut_registre: {
      type: 'object',
      required: ['unifie', 'detail'],
      properties: {
        unifie: { type: ['string', 'null'], enum: ['actif', 'radie', 'autre', null] },
        detail: { type: ['string', 'null'], enum: [...RO_STATUS_FAMILIES, null] },
      },
    },
    statuts_procedure: objectList(statusEntry, 'Statut de procédure (faillite, insolvabilité), non daté.'),
    procedure_au_registre: { type: 'boolean' },
    mandataires: objectList(
      {
        nom: s,
        nature: holderType,
        role: {
          type: 'object',
          properties: {
            registre: s,
            famille: { type: ['string', 'null'], enum: [...RO_PRACTITIONER_FAMILIES, null] },
            fr: s,
          },
        },
        cod_inmatriculare: s,
      },
      'Personne morale nommée ; personne physique comptée, jamais nommée (nom null). / Natural persons are never named.',
    ),
    nombre_mandataires: { type: 'integer' },
    aucune_procedure: { type: 'boolean', description: 'Mesuré sur la photo mensuelle complète.' },
    autres_statuts: objectList(statusEntry),
    photo: {
      type: 'object',
      required: ['registre', 'representants'],
      properties: { registre: nullableDate, representants: nullableDate },
    },
  },
});
