import { DECP_MARCHE, FR_DECP_REGISTER } from '../../schemas/events/frDecpEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { type RowTable, rowBinding } from '../core/rowTable.ts';
import { type DecpMarcheRow, decpMarcheRow } from './decpRow.ts';

export const DECP_MARCHES_TABLE = 'fr_decp_marches';

const table: RowTable<DecpMarcheRow> = {
  name: DECP_MARCHES_TABLE,
  key: ['id'],
  columns: {
    id: 'text',
    marche_id: 'text',
    acheteur_siret: 'text',
    acheteur_siren: 'text',
    acheteur_nom: 'text',
    nature: 'text',
    objet: 'text',
    procedure: 'text',
    code_cpv: 'text',
    date_notification: 'text',
    date_publication: 'text',
    duree_mois: 'integer',
    montant_centimes: 'bigint',
    montant_publie: 'text',
    montant_modifie_centimes: 'bigint',
    montant_modifie_publie: 'text',
    date_modification: 'text',
    lieu_execution_code: 'text',
    lieu_execution_type: 'text',
    lieu_execution_nom: 'text',
    source: 'text',
    titulaires_siren: 'text[]',
    nombre_titulaires: 'integer',
  },
};

/**
 * The DECP contracts, one row per contract, found by holder SIREN (GIN index on `titulaires_siren`) and by
 * buyer SIREN (read by api/routes/marchesPublics.ts).
 */
export const decpProjection: Projection = {
  name: 'fr-decp',
  registers: [FR_DECP_REGISTER],
  tables: [DECP_MARCHES_TABLE],
  migrations: [
    {
      name: 'fr_decp_0001_marches',
      async up(knex) {
        await knex.raw(`
          create table ${DECP_MARCHES_TABLE} (
            id text primary key,
            marche_id text,
            acheteur_siret text,
            acheteur_siren text,
            acheteur_nom text,
            nature text,
            objet text,
            procedure text,
            code_cpv text,
            date_notification text,
            date_publication text,
            duree_mois integer,
            montant_centimes bigint,
            montant_publie text,
            montant_modifie_centimes bigint,
            montant_modifie_publie text,
            date_modification text,
            lieu_execution_code text,
            lieu_execution_type text,
            lieu_execution_nom text,
            source text,
            titulaires_siren text[] not null,
            nombre_titulaires integer not null
          )`);
        await knex.raw(
          `create index ${DECP_MARCHES_TABLE}_titulaires on ${DECP_MARCHES_TABLE} using gin (titulaires_siren)`,
        );
        await knex.raw(
          `create index ${DECP_MARCHES_TABLE}_acheteur on ${DECP_MARCHES_TABLE} (acheteur_siren)`,
        );
        // The contracts without a usable holder identifier, counted once per copy by the route.
        await knex.raw(
          `create index ${DECP_MARCHES_TABLE}_sans_titulaire on ${DECP_MARCHES_TABLE} (id) where cardinality(titulaires_siren) = 0`,
        );
      },
    },
  ],
  ...entityHandlers([
    rowBinding({ register: FR_DECP_REGISTER, kind: DECP_MARCHE, table, rowOf: decpMarcheRow }),
  ]),
};
