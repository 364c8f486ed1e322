import { FR_INPI_PI_REGISTER, INPI_BREVET, INPI_MARQUE } from '../../schemas/events/frInpiPiEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { type RowTable, rowBinding } from '../core/rowTable.ts';
import { type InpiTitreRow, inpiTitreRow } from './inpiTitreRow.ts';

export const INPI_TITRES_TABLE = 'fr_inpi_pi_titres';

const table: RowTable<InpiTitreRow> = {
  name: INPI_TITRES_TABLE,
  key: ['id'],
  columns: {
    id: 'text',
    type: 'text',
    numero: 'text',
    libelle: 'text',
    statut: 'text',
    date_depot: 'text',
    titulaires_siren: 'text[]',
    titulaires_non_identifies: 'integer',
  },
};

/**
 * INPI's trademarks and patents held by a SIREN, one row per title, found by the holders' SIRENs (GIN index
 * on `titulaires_siren`; read by api/routes/dossier/piBlock.ts).
 */
export const inpiPiProjection: Projection = {
  name: 'fr-inpi-pi',
  registers: [FR_INPI_PI_REGISTER],
  tables: [INPI_TITRES_TABLE],
  migrations: [
    {
      name: 'fr_inpi_pi_0001_titres',
      async up(knex) {
        await knex.raw(`
          create table ${INPI_TITRES_TABLE} (
            id text primary key,
            type text not null,
            numero text not null,
            libelle text,
            statut text,
            date_depot text,
            titulaires_siren text[] not null,
            titulaires_non_identifies integer not null
          )`);
        await knex.raw(
          `create index ${INPI_TITRES_TABLE}_titulaires on ${INPI_TITRES_TABLE} using gin (titulaires_siren)`,
        );
      },
    },
  ],
  // A mark's id (office and number, `FR5189659`) is never a patent's (`9307182`): the kinds commute.
  ...entityHandlers(
    [INPI_MARQUE, INPI_BREVET].map((kind) =>
      rowBinding({ register: FR_INPI_PI_REGISTER, kind, table, rowOf: inpiTitreRow }),
    ),
    { kindsCommute: true },
  ),
};
