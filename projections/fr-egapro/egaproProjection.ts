import { EGAPRO_INDEX, FR_EGAPRO_REGISTER } from '../../schemas/events/frEgaproEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { type RowTable, rowBinding } from '../core/rowTable.ts';
import { type EgaproIndexRow, egaproIndexRow } from './egaproRow.ts';

export const EGAPRO_INDEX_TABLE = 'fr_egapro_index';

const table: RowTable<EgaproIndexRow> = {
  name: EGAPRO_INDEX_TABLE,
  key: ['id'],
  columns: {
    id: 'text',
    siren: 'text',
    annee: 'integer',
    note: 'integer',
    non_calculable: 'boolean',
    structure: 'text',
    est_ues: 'boolean',
    ues_nom: 'text',
    ues_membres: 'text[]',
  },
};

/**
 * The Egapro index by company and year: one row per declaration, with the members of a declaring UES so
 * that a member company finds the UES's index (read by api/routes/entreprise/readIndexEgapro.ts).
 */
export const egaproProjection: Projection = {
  name: 'fr-egapro',
  registers: [FR_EGAPRO_REGISTER],
  tables: [EGAPRO_INDEX_TABLE],
  migrations: [
    {
      name: 'fr_egapro_0001_index',
      async up(knex) {
        await knex.raw(`
          create table ${EGAPRO_INDEX_TABLE} (
            id text primary key,
            siren text not null,
            annee integer not null,
            note integer,
            non_calculable boolean not null,
            structure text,
            est_ues boolean not null,
            ues_nom text,
            ues_membres text[] not null
          )`);
        await knex.raw(`create index ${EGAPRO_INDEX_TABLE}_siren on ${EGAPRO_INDEX_TABLE} (siren)`);
        await knex.raw(
          `create index ${EGAPRO_INDEX_TABLE}_ues_membres on ${EGAPRO_INDEX_TABLE} using gin (ues_membres)`,
        );
      },
    },
  ],
  ...entityHandlers([
    rowBinding({ register: FR_EGAPRO_REGISTER, kind: EGAPRO_INDEX, table, rowOf: egaproIndexRow }),
  ]),
};
