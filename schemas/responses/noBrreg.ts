import type { JsonSchema } from '../jsonSchema.ts';
import {
  EVENTS_REQUIRED,
  europeanDetailSchema,
  eventsList,
  nullableDate,
  nullableDateTime,
} from './europeanDetail.ts';

/** The Norwegian events' closed list (projections/no-brreg/noBrregEvents.ts NO_EVENT_TYPES). */
const TYPES = [
  'inscription',
  'radiation',
  'retrait',
  'faillite',
  'liquidation_forcee',
  'liquidation_volontaire',
  'changement_forme_juridique',
  'changement_denomination',
  'changement_adresse',
  'changement_activite',
  'modification',
] as const;

export const noEventsSchema: JsonSchema = europeanDetailSchema('NO', {
  required: [...EVENTS_REQUIRED, 'couverture'],
  properties: {
    ...eventsList(
      {
        type: 'boolean',
        description:
          'Vrai seulement si le fil des mises à jour a été appliqué et ne dit rien de cette unité depuis couverture.depuis. / True only when the update feed was applied and holds nothing on this unit since couverture.depuis.',
      },
      {
        famille: {
          type: 'string',
          enum: ['immatriculation', 'radiation', 'insolvabilite', 'liquidation', 'changement'],
        },
        types: TYPES,
      },
      {
        date_effet: {
          ...nullableDate,
          description:
            'Date que l’enregistrement donne pour l’état atteint (konkursdato, underAvviklingDato…). / The date the record gives for the new state.',
        },
        champs: {
          type: 'array',
          items: { type: 'string' },
          description: 'Champs modifiés, noms de brreg (pointés). / Fields changed, brreg names.',
        },
        oppdateringsid: {
          type: 'integer',
          description: 'Numéro de la mise à jour dans le fil. / Feed entry number.',
        },
      },
    ),
    couverture: {
      type: 'object',
      required: ['depuis', 'jusqu_au'],
      properties: {
        depuis: {
          ...nullableDateTime,
          description:
            'Première mise à jour du fil appliquée ; rien d’antérieur n’est un événement connu. / First feed entry applied.',
        },
        jusqu_au: {
          ...nullableDateTime,
          description: 'Dernière mise à jour appliquée. / Last feed entry applied.',
        },
      },
    },
  },
});
