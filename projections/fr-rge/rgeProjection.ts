import { FR_RGE_REGISTER, RGE_QUALIFICATION } from '../../schemas/events/frRgeEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { type RowTable, rowBinding } from '../core/rowTable.ts';
import { type RgeQualificationRow, rgeQualificationRow } from './rgeRow.ts';

export const RGE_QUALIFICATIONS_TABLE = 'fr_rge_qualifications';

const table: RowTable<RgeQualificationRow> = {
  name: RGE_QUALIFICATIONS_TABLE,
  key: ['id'],
  columns: {
    id: 'text',
    siret: 'text',
    siren: 'text',
    code_qualification: 'text',
    nom_qualification: 'text',
    nom_certificat: 'text',
    organisme: 'text',
    domaine: 'text',
    meta_domaine: 'text',
    debut: 'text',
    fin: 'text',
    url_qualification: 'text',
    particulier: 'boolean',
  },
};

/**
 * The RGE qualifications, one row per establishment and qualification, found by SIREN (read by
 * api/routes/dossier/agrementsBlock.ts).
 */
export const rgeProjection: Projection = {
  name: 'fr-rge',
  registers: [FR_RGE_REGISTER],
  tables: [RGE_QUALIFICATIONS_TABLE],
  migrations: [
    {
      name: 'fr_rge_0001_qualifications',
      async up(knex) {
        await knex.raw(`
          create table ${RGE_QUALIFICATIONS_TABLE} (
            id text primary key,
            siret text not null,
            siren text not null,
            code_qualification text not null,
            nom_qualification text,
            nom_certificat text,
            organisme text,
            domaine text,
            meta_domaine text,
            debut text,
            fin text,
            url_qualification text,
            particulier boolean
          )`);
        await knex.raw(
          `create index ${RGE_QUALIFICATIONS_TABLE}_siren on ${RGE_QUALIFICATIONS_TABLE} (siren)`,
        );
      },
    },
  ],
  ...entityHandlers([
    rowBinding({ register: FR_RGE_REGISTER, kind: RGE_QUALIFICATION, table, rowOf: rgeQualificationRow }),
  ]),
};
