import { FR_SIRENE_REGISTER, UNITE_LEGALE } from '../../schemas/events/frSireneEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { type RowTable, rowBinding } from '../core/rowTable.ts';
import { type UniteLegaleRow, uniteLegaleRow } from './uniteLegaleRow.ts';

export const UNITES_LEGALES_TABLE = 'fr_sirene_unites_legales';

const UNITES_LEGALES: RowTable<UniteLegaleRow> = {
  name: UNITES_LEGALES_TABLE,
  key: ['siren'],
  columns: {
    siren: 'text',
    statut_diffusion: 'text',
    etat_administratif: 'text',
    categorie_juridique: 'text',
    denomination: 'text',
    sigle: 'text',
    denominations_usuelles: 'text[]',
    activite_principale: 'text',
    nomenclature_activite: 'text',
    categorie_entreprise: 'text',
    tranche_effectifs: 'text',
    date_creation: 'text',
    nic_siege: 'text',
    date_dernier_traitement: 'text',
  },
};

/**
 * The identity of each Sirene legal unit, one row per SIREN, read by the company profile and establishments
 * routes. Only what those routes serve or decide on is kept: natural persons' names (`nomUniteLegale`,
 * `prenom*`, `pseudonyme*`) are never projected, so no route can serve them from here.
 */
export const unitesLegalesProjection: Projection = {
  name: 'fr-sirene-unites-legales',
  registers: [FR_SIRENE_REGISTER],
  tables: [UNITES_LEGALES_TABLE],
  migrations: [
    {
      name: 'fr_sirene_unites_legales_0001_table',
      async up(knex) {
        await knex.raw(`
          create table ${UNITES_LEGALES_TABLE} (
            siren text primary key,
            statut_diffusion text,
            etat_administratif text,
            categorie_juridique text,
            denomination text,
            sigle text,
            denominations_usuelles text[] not null,
            activite_principale text,
            nomenclature_activite text,
            categorie_entreprise text,
            tranche_effectifs text,
            date_creation text,
            nic_siege text,
            date_dernier_traitement text
          )`);
      },
    },
  ],
  ...entityHandlers([
    rowBinding({
      register: FR_SIRENE_REGISTER,
      kind: UNITE_LEGALE,
      table: UNITES_LEGALES,
      rowOf: uniteLegaleRow,
    }),
  ]),
};
