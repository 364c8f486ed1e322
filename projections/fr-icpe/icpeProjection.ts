import { FR_ICPE_REGISTER, ICPE_INSTALLATION } from '../../schemas/events/frIcpeEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { type RowTable, rowBinding } from '../core/rowTable.ts';
import { type IcpeInstallationRow, icpeInstallationRow } from './icpeRow.ts';

export const ICPE_INSTALLATIONS_TABLE = 'fr_icpe_installations';

const table: RowTable<IcpeInstallationRow> = {
  name: ICPE_INSTALLATIONS_TABLE,
  key: ['id'],
  columns: {
    id: 'text',
    siret: 'text',
    siren: 'text',
    code_postal: 'text',
    code_insee: 'text',
    commune: 'text',
    code_naf: 'text',
    regime: 'text',
    statut_seveso: 'text',
    etat_activite: 'text',
    priorite_nationale: 'boolean',
    ied: 'boolean',
    service_aiot: 'text',
    activites: 'text[]',
    rubriques: 'jsonb',
    inspections: 'text[]',
    url: 'text',
  },
};

/**
 * The classified installations, one row per installation (codeAiot), found by SIREN (read by
 * api/routes/dossier/risquesIndustrielsBlock.ts).
 */
export const icpeProjection: Projection = {
  name: 'fr-icpe',
  registers: [FR_ICPE_REGISTER],
  tables: [ICPE_INSTALLATIONS_TABLE],
  migrations: [
    {
      name: 'fr_icpe_0001_installations',
      async up(knex) {
        await knex.raw(`
          create table ${ICPE_INSTALLATIONS_TABLE} (
            id text primary key,
            siret text not null,
            siren text not null,
            code_postal text,
            code_insee text,
            commune text,
            code_naf text,
            regime text,
            statut_seveso text,
            etat_activite text,
            priorite_nationale boolean,
            ied boolean,
            service_aiot text,
            activites text[] not null,
            rubriques jsonb not null,
            inspections text[] not null,
            url text
          )`);
        await knex.raw(
          `create index ${ICPE_INSTALLATIONS_TABLE}_siren on ${ICPE_INSTALLATIONS_TABLE} (siren)`,
        );
      },
    },
  ],
  ...entityHandlers([
    rowBinding({ register: FR_ICPE_REGISTER, kind: ICPE_INSTALLATION, table, rowOf: icpeInstallationRow }),
  ]),
};
