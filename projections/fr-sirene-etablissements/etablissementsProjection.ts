import { ETABLISSEMENT, FR_SIRENE_REGISTER } from '../../schemas/events/frSireneEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { type RowTable, rowBinding } from '../core/rowTable.ts';
import { type EtablissementRow, etablissementRow } from './etablissementRow.ts';

export const ETABLISSEMENTS_TABLE = 'fr_sirene_etablissements';

const ETABLISSEMENTS: RowTable<EtablissementRow> = {
  name: ETABLISSEMENTS_TABLE,
  key: ['siret'],
  columns: {
    siret: 'text',
    siren: 'text',
    statut_diffusion: 'text',
    est_siege: 'boolean',
    etat_administratif: 'text',
    date_creation: 'text',
    date_debut: 'text',
    activite_principale: 'text',
    nomenclature_activite: 'text',
    adresse: 'text',
    code_postal: 'text',
    commune: 'text',
    code_commune: 'text',
    lambert_x: 'double precision',
    lambert_y: 'double precision',
  },
};

/**
 * Sirene establishments, one row per SIRET, indexed by SIREN: the establishments list and the head office
 * of the company profile. Trade names and usual names (`enseigne*`, `denominationUsuelleEtablissement`) are
 * not projected: for sole proprietors they often hold the person's name.
 */
export const etablissementsProjection: Projection = {
  name: 'fr-sirene-etablissements',
  registers: [FR_SIRENE_REGISTER],
  tables: [ETABLISSEMENTS_TABLE],
  migrations: [
    {
      name: 'fr_sirene_etablissements_0001_table',
      async up(knex) {
        await knex.raw(`
          create table ${ETABLISSEMENTS_TABLE} (
            siret text primary key,
            siren text not null,
            statut_diffusion text,
            est_siege boolean not null,
            etat_administratif text,
            date_creation text,
            activite_principale text,
            nomenclature_activite text,
            adresse text,
            code_postal text,
            commune text,
            code_commune text,
            lambert_x double precision,
            lambert_y double precision
          )`);
        await knex.raw(`create index ${ETABLISSEMENTS_TABLE}_siren on ${ETABLISSEMENTS_TABLE} (siren)`);
      },
    },
    {
      // The day a closed establishment closed (the risk score's closures). Rows projected before this migration
      // have none until `registres rebuild fr-sirene-etablissements` replays them.
      name: 'fr_sirene_etablissements_0002_date_debut',
      async up(knex) {
        await knex.raw(`alter table ${ETABLISSEMENTS_TABLE} add column date_debut text`);
      },
    },
  ],
  ...entityHandlers([
    rowBinding({
      register: FR_SIRENE_REGISTER,
      kind: ETABLISSEMENT,
      table: ETABLISSEMENTS,
      rowOf: etablissementRow,
    }),
  ]),
};
