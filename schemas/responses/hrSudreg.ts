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
