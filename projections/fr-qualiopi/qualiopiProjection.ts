import { FR_QUALIOPI_REGISTER, QUALIOPI_DECLARATION } from '../../schemas/events/frQualiopiEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { type RowTable, rowBinding } from '../core/rowTable.ts';
import { type QualiopiDeclarationRow, qualiopiDeclarationRow } from './qualiopiRow.ts';

export const QUALIOPI_DECLARATIONS_TABLE = 'fr_qualiopi_declarations';

const table: RowTable<QualiopiDeclarationRow> = {
  name: QUALIOPI_DECLARATIONS_TABLE,
  key: ['id'],
  columns: {
    id: 'text',
    siren: 'text',
    siret: 'text',
    nda: 'text',
    ndas_precedents: 'text',
    actions_de_formation: 'boolean',
    bilans_de_competences: 'boolean',
    vae: 'boolean',
    apprentissage: 'boolean',
    date_derniere_declaration: 'text',
    debut_exercice: 'text',
    fin_exercice: 'text',
    specialites: 'text',
    nb_stagiaires: 'integer',
    nb_stagiaires_confies: 'integer',
    effectif_formateurs: 'integer',
  },
};

/**
 * The training organisations' activity declarations and their Qualiopi flags, one row per NDA, found by SIREN
 * (read by api/routes/dossier/agrementsBlock.ts). No name nor address: the events carry none.
 */
export const qualiopiProjection: Projection = {
  name: 'fr-qualiopi',
  registers: [FR_QUALIOPI_REGISTER],
  tables: [QUALIOPI_DECLARATIONS_TABLE],
  migrations: [
    {
      name: 'fr_qualiopi_0001_declarations',
      async up(knex) {
        await knex.raw(`
          create table ${QUALIOPI_DECLARATIONS_TABLE} (
            id text primary key,
            siren text not null,
            siret text,
            nda text not null,
            ndas_precedents text,
            actions_de_formation boolean,
            bilans_de_competences boolean,
            vae boolean,
            apprentissage boolean,
            date_derniere_declaration text,
            debut_exercice text,
            fin_exercice text,
            specialites text not null,
            nb_stagiaires integer,
            nb_stagiaires_confies integer,
            effectif_formateurs integer
          )`);
        await knex.raw(
          `create index ${QUALIOPI_DECLARATIONS_TABLE}_siren on ${QUALIOPI_DECLARATIONS_TABLE} (siren)`,
        );
      },
    },
  ],
  ...entityHandlers([
    rowBinding({
      register: FR_QUALIOPI_REGISTER,
      kind: QUALIOPI_DECLARATION,
      table,
      rowOf: qualiopiDeclarationRow,
    }),
  ]),
};
