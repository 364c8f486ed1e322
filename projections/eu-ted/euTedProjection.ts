import { EU_TED_REGISTER, TED_AVIS } from '../../schemas/events/euTedEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { type RowTable, rowBinding } from '../core/rowTable.ts';
import { type TedAvisRow, tedAvisRow } from './tedRow.ts';

export const TED_AVIS_TABLE = 'eu_ted_avis';

const table: RowTable<TedAvisRow> = {
  name: TED_AVIS_TABLE,
  key: ['id'],
  columns: {
    id: 'text',
    format: 'text',
    type_avis: 'text',
    date_publication: 'text',
    titre: 'text',
    acheteur_nom: 'text',
    code_cpv: 'text',
    attributaires_siren: 'text[]',
    attributaires_non_identifies: 'integer',
    attributions: 'jsonb',
  },
};

/**
 * The TED award notices with a French winner, one row per notice, found by the winners' SIRENs (GIN index on
 * `attributaires_siren`; read by api/routes/marchesPublicsUe.ts).
 */
export const euTedProjection: Projection = {
  name: 'eu-ted',
  registers: [EU_TED_REGISTER],
  tables: [TED_AVIS_TABLE],
  migrations: [
    {
      name: 'eu_ted_0001_avis',
      async up(knex) {
        await knex.raw(`
          create table ${TED_AVIS_TABLE} (
            id text primary key,
            format text not null,
            type_avis text,
            date_publication text,
            titre text,
            acheteur_nom text,
            code_cpv text,
            attributaires_siren text[] not null,
            attributaires_non_identifies integer not null,
            attributions jsonb not null
          )`);
        await knex.raw(
          `create index ${TED_AVIS_TABLE}_attributaires on ${TED_AVIS_TABLE} using gin (attributaires_siren)`,
        );
        // The notices with a French winner that gives no SIREN, counted once per copy by the route.
        await knex.raw(
          `create index ${TED_AVIS_TABLE}_non_identifies on ${TED_AVIS_TABLE} (id) where attributaires_non_identifies > 0`,
        );
      },
    },
  ],
  ...entityHandlers([rowBinding({ register: EU_TED_REGISTER, kind: TED_AVIS, table, rowOf: tedAvisRow })]),
};
