import { EU_FSF_ENTITY, EU_FSF_REGISTER } from '../../schemas/events/euFsfEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { type RowTable, rowBinding } from '../core/rowTable.ts';
import { type EuFsfEntityRow, euFsfEntityRow } from './euFsfRow.ts';

export const EU_FSF_ENTITIES_TABLE = 'eu_fsf_entites';

const table: RowTable<EuFsfEntityRow> = {
  name: EU_FSF_ENTITIES_TABLE,
  key: ['id'],
  columns: {
    id: 'text',
    entree: 'text',
    nom: 'text',
    noms: 'text[]',
    cles_noms: 'text[]',
    identifiants: 'jsonb',
    cles_identifiants: 'text[]',
    programmes: 'text[]',
    date_designation: 'text',
    reference_onu: 'text',
  },
};

/**
 * The legal persons of the EU consolidated financial sanctions list, one row each, found by name key or
 * identifier key (GIN indexes; read by api/routes/kyb/sanctionsScreening.ts). No natural person: the
 * ingester never logs one.
 */
export const euFsfProjection: Projection = {
  name: 'eu-fsf',
  registers: [EU_FSF_REGISTER],
  tables: [EU_FSF_ENTITIES_TABLE],
  migrations: [
    {
      name: 'eu_fsf_0001_entites',
      async up(knex) {
        await knex.raw(`
          create table ${EU_FSF_ENTITIES_TABLE} (
            id text primary key,
            entree text not null,
            nom text not null,
            noms text[] not null,
            cles_noms text[] not null,
            identifiants jsonb not null,
            cles_identifiants text[] not null,
            programmes text[] not null,
            date_designation text,
            reference_onu text
          )`);
        await knex.raw(
          `create index ${EU_FSF_ENTITIES_TABLE}_cles_noms on ${EU_FSF_ENTITIES_TABLE} using gin (cles_noms)`,
        );
        await knex.raw(
          `create index ${EU_FSF_ENTITIES_TABLE}_cles_identifiants on ${EU_FSF_ENTITIES_TABLE} using gin (cles_identifiants)`,
        );
      },
    },
  ],
  ...entityHandlers([
    rowBinding({ register: EU_FSF_REGISTER, kind: EU_FSF_ENTITY, table, rowOf: euFsfEntityRow }),
  ]),
};
