import {
  CORDIS_PARTICIPATION,
  CORDIS_PROJECT,
  EU_CORDIS_REGISTER,
} from '../../schemas/events/euCordisEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { type RowTable, rowBinding } from '../core/rowTable.ts';
import { createPassFilesTable, passFilesBinding } from '../eu-profile/passFilesTable.ts';
import {
  type CordisParticipationRow,
  type CordisProjectRow,
  cordisParticipationRow,
  cordisProjectRow,
} from './cordisRows.ts';

export const EU_CORDIS_PROJECTION = 'eu-cordis';
export const CORDIS_PROJECTS_TABLE = 'eu_cordis_projets';
export const CORDIS_PARTICIPATIONS_TABLE = 'eu_cordis_participations';
/** The files the published pass read (role, name, SHA-256, rows): the programmes it covers. */
export const CORDIS_FILES_TABLE = 'eu_cordis_fichiers';

const projects: RowTable<CordisProjectRow> = {
  name: CORDIS_PROJECTS_TABLE,
  key: ['id'],
  columns: {
    id: 'text',
    programme: 'text',
    acronyme: 'text',
    titre: 'text',
    statut_source: 'text',
    debut: 'text',
    fin: 'text',
    cout_total_centimes: 'bigint',
    contribution_ue_max_centimes: 'bigint',
    regime_financement: 'text',
    appel: 'text',
  },
};

const participations: RowTable<CordisParticipationRow> = {
  name: CORDIS_PARTICIPATIONS_TABLE,
  key: ['id'],
  columns: {
    id: 'text',
    projet_id: 'text',
    tva: 'text',
    siren: 'text',
    organisation_id: 'text',
    role_source: 'text',
    contribution_ue_centimes: 'bigint',
    contribution_ue_nette_centimes: 'bigint',
    cout_total_centimes: 'bigint',
    fin_anticipee: 'boolean',
    pme: 'boolean',
    type_activite: 'text',
    nom_publie: 'text',
  },
};

/**
 * EU research grants (CORDIS) and their participants, for GET /v1/entreprise/{siren}/financements-ue: the
 * grants, the participations with a readable VAT number (indexed; a French one carries its SIREN too) and the
 * files of the published pass. Amounts are integer cents as published (cordisAmount.ts).
 */
export const euCordisProjection: Projection = {
  name: EU_CORDIS_PROJECTION,
  registers: [EU_CORDIS_REGISTER],
  tables: [CORDIS_PROJECTS_TABLE, CORDIS_PARTICIPATIONS_TABLE, CORDIS_FILES_TABLE],
  migrations: [
    {
      name: 'eu_cordis_0001_tables',
      async up(knex) {
        await knex.raw(`
          create table ${CORDIS_PROJECTS_TABLE} (
            id text primary key,
            programme text,
            acronyme text,
            titre text,
            statut_source text,
            debut text,
            fin text,
            cout_total_centimes bigint,
            contribution_ue_max_centimes bigint,
            regime_financement text,
            appel text
          )`);
        await knex.raw(`
          create table ${CORDIS_PARTICIPATIONS_TABLE} (
            id text primary key,
            projet_id text not null,
            tva text not null,
            siren text,
            organisation_id text not null,
            role_source text,
            contribution_ue_centimes bigint,
            contribution_ue_nette_centimes bigint,
            cout_total_centimes bigint,
            fin_anticipee boolean,
            pme boolean,
            type_activite text,
            nom_publie text
          )`);
        // The route asks by VAT number (a company's FR + key + SIREN): one index probe.
        await knex.raw(
          `create index ${CORDIS_PARTICIPATIONS_TABLE}_tva on ${CORDIS_PARTICIPATIONS_TABLE} (tva)`,
        );
        await createPassFilesTable(knex, CORDIS_FILES_TABLE);
      },
    },
    {
      // GET /v1/prospection reads a company's participations by SIREN (its financement_ue signal).
      name: 'eu_cordis_0002_participations_siren',
      async up(knex) {
        await knex.raw(
          `create index ${CORDIS_PARTICIPATIONS_TABLE}_siren on ${CORDIS_PARTICIPATIONS_TABLE} (siren) where siren is not null`,
        );
      },
    },
  ],
  ...entityHandlers([
    rowBinding({
      register: EU_CORDIS_REGISTER,
      kind: CORDIS_PROJECT,
      table: projects,
      rowOf: cordisProjectRow,
    }),
    rowBinding({
      register: EU_CORDIS_REGISTER,
      kind: CORDIS_PARTICIPATION,
      table: participations,
      rowOf: cordisParticipationRow,
    }),
    passFilesBinding(EU_CORDIS_REGISTER, CORDIS_FILES_TABLE),
  ]),
};
