import { FR_GELS_MEASURE, FR_GELS_REGISTER } from '../../schemas/events/frGelsEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { type RowTable, rowBinding } from '../core/rowTable.ts';
import { type FrGelsEntityRow, frGelsEntityRow } from './frGelsRow.ts';

export const FR_GELS_ENTITIES_TABLE = 'fr_gels_entites';

const table: RowTable<FrGelsEntityRow> = {
  name: FR_GELS_ENTITIES_TABLE,
  key: ['id'],
  columns: {
    id: 'text',
    entree: 'text',
    nom: 'text',
    noms: 'text[]',
    cles_noms: 'text[]',
    identifiants: 'jsonb',
    cles_identifiants: 'text[]',
    references_ue: 'text[]',
    fondements: 'text[]',
  },
};

/**
 * The legal persons of the Registre national des gels, one row each, found by name key or identifier key
 * (GIN indexes; read by api/routes/kyb/sanctionsScreening.ts). No natural person nor vessel: the ingester
 * never logs one.
 */
export const frGelsProjection: Projection = {
  name: 'fr-gels',
  registers: [FR_GELS_REGISTER],
  tables: [FR_GELS_ENTITIES_TABLE],
  migrations: [
    {
      name: 'fr_gels_0001_entites',
      async up(knex) {
        await knex.raw(`
          create table ${FR_GELS_ENTITIES_TABLE} (
            id text primary key,
            entree text not null,
            nom text not null,
            noms text[] not null,
            cles_noms text[] not null,
            identifiants jsonb not null,
            cles_identifiants text[] not null,
            references_ue text[] not null,
            fondements text[] not null
          )`);
        await knex.raw(
          `create index ${FR_GELS_ENTITIES_TABLE}_cles_noms on ${FR_GELS_ENTITIES_TABLE} using gin (cles_noms)`,
        );
        await knex.raw(
          `create index ${FR_GELS_ENTITIES_TABLE}_cles_identifiants on ${FR_GELS_ENTITIES_TABLE} using gin (cles_identifiants)`,
        );
      },
    },
  ],
  ...entityHandlers([
    rowBinding({ register: FR_GELS_REGISTER, kind: FR_GELS_MEASURE, table, rowOf: frGelsEntityRow }),
  ]),
};
