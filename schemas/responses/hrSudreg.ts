import type { JsonSchema } from '../jsonSchema.ts';
import {
  europeanDetailSchema,
  nullableDate,
  nullableInteger,
  nullableString,
  objectList,
} from './europeanDetail.ts';

/** GET /v1/eu/entreprise/HR/{oib}/insolvabilite */
export const hrInsolvencySchema: JsonSchema = europeanDetailSchema('HR', {
  required: [
    'mbs',
    'procedure',
    'masse_faillite',
    'masse_liquidation',
    'aucune_procedure',
    'nombre_decisions',
    'decisions',
    'photo',
  ],
  properties: {
    mbs: { type: 'string' },
    procedure: {
      type: 'object',
      properties: {
        code: { type: 'string', enum: ['aucune', 'faillite', 'liquidation', 'autre'] },
        libelle: nullableString,
        en_cours: { type: 'boolean' },
      },
    },
    masse_faillite: { type: 'boolean' },
    masse_liquidation: { type: 'boolean' },
    aucune_procedure: { type: 'boolean', description: 'Mesuré sur la photo complète du registre.' },
    nombre_decisions: {
      ...nullableInteger,
      description: 'null : les décisions (inscriptions du registre) ne sont pas encore lues.',
    },
    decisions: objectList({
      rang: nullableInteger,
      type_id: nullableInteger,
      type: nullableString,
      tribunal: nullableString,
      reference: nullableString,
      date: nullableDate,
      texte_retenu: { type: 'boolean' },
    }),
    photo: nullableDate,
  },
});

/** GET /v1/eu/entreprise/HR/{oib}/comptes */
export const hrAccountsSchema: JsonSchema = europeanDetailSchema('HR', {
  required: ['mbs', 'nombre_comptes', 'aucun_compte_depose', 'dernier_exercice', 'comptes', 'photo'],
  properties: {
    mbs: { type: 'string' },
    nombre_comptes: { type: 'integer' },
    aucun_compte_depose: {
      type: 'boolean',
      description: 'Mesuré sur la photo complète du registre (liste gfi de chaque sujet).',
    },
    dernier_exercice: { ...nullableInteger, description: 'L’année la plus récente listée.' },
    comptes: objectList(
      {
        rang: { ...nullableInteger, description: 'gfi_rbr : numéro d’ordre du dépôt au registre.' },
        annee: nullableInteger,
        debut: nullableDate,
        fin: nullableDate,
        document: {
          type: 'object',
          description:
            'vrsta_dokumenta : le libellé publié (znacenje) ; le code n’est donné que si la photo le porte.',
          properties: { code: nullableInteger, libelle: nullableString },
        },
        consolide: { type: ['boolean', 'null'] },
        depose_le: nullableDate,
      },
      'Un état financier annuel (GFI) déposé, tel que le registre le liste ; pas de chiffres. / One filed annual statement as listed; no figures.',
    ),
    photo: nullableDate,
  },
});
