import { CONVENTION, FR_SIRET_IDCC_REGISTER } from '../../schemas/events/frSiretIdccEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { type RowTable, rowBinding } from '../core/rowTable.ts';
import { type SiretIdccRow, siretIdccRow } from './siretIdccRow.ts';

export const SIRET_IDCC_TABLE = 'fr_siret_idcc';

const table: RowTable<SiretIdccRow> = {
  name: SIRET_IDCC_TABLE,
  key: ['id'],
  columns: { id: 'text', siren: 'text', siret: 'text', idcc: 'text', mois: 'text' },
};

/**
 * The collective agreements (IDCC) each establishment declares, keyed by SIRET and IDCC and searchable by
 * SIREN (read by api/routes/entreprise/readConventionsCollectives.ts).
 */
export const siretIdccProjection: Projection = {
  name: 'fr-siret-idcc',
  registers: [FR_SIRET_IDCC_REGISTER],
  tables: [SIRET_IDCC_TABLE],
  migrations: [
    {
      name: 'fr_siret_idcc_0001_conventions',
      async up(knex) {
        await knex.raw(`
          create table ${SIRET_IDCC_TABLE} (
            id text primary key,
            siren text not null,
            siret text not null,
            idcc text not null,
            mois text
          )`);
        await knex.raw(`create index ${SIRET_IDCC_TABLE}_siren on ${SIRET_IDCC_TABLE} (siren, idcc)`);
      },
    },
  ],
  ...entityHandlers([
    rowBinding({ register: FR_SIRET_IDCC_REGISTER, kind: CONVENTION, table, rowOf: siretIdccRow }),
  ]),
};
