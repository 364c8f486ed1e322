import { FR_HATVP_REGISTER, HATVP_ORGANISATION } from '../../schemas/events/frHatvpEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { type RowTable, rowBinding } from '../core/rowTable.ts';
import { type HatvpOrganisationRow, hatvpOrganisationRow } from './hatvpRow.ts';

export const HATVP_ORGANISATIONS_TABLE = 'fr_hatvp_organisations';

const table: RowTable<HatvpOrganisationRow> = {
  name: HATVP_ORGANISATIONS_TABLE,
  key: ['id'],
  columns: {
    id: 'text',
    denomination: 'text',
    nom_usage: 'text',
    sigle: 'text',
    categorie_code: 'text',
    categorie_libelle: 'text',
    categorie_groupe: 'text',
    adresse: 'text',
    code_postal: 'text',
    ville: 'text',
    pays: 'text',
    site_web: 'text',
    date_premiere_publication: 'text',
    date_derniere_publication_activite: 'text',
    date_cessation: 'text',
    motif_desinscription: 'text',
    secteurs_activite: 'jsonb',
    niveaux_intervention: 'jsonb',
    exercices: 'jsonb',
  },
};

/**
 * The organisations of the HATVP register registered under a SIREN, one row each keyed by SIREN, their
 * exercises and activities as served (read by api/routes/dossier/lobbyingBlock.ts).
 */
export const hatvpProjection: Projection = {
  name: 'fr-hatvp',
  registers: [FR_HATVP_REGISTER],
  tables: [HATVP_ORGANISATIONS_TABLE],
  migrations: [
    {
      name: 'fr_hatvp_0001_organisations',
      async up(knex) {
        await knex.raw(`
          create table ${HATVP_ORGANISATIONS_TABLE} (
            id text primary key,
            denomination text,
            nom_usage text,
            sigle text,
            categorie_code text,
            categorie_libelle text,
            categorie_groupe text,
            adresse text,
            code_postal text,
            ville text,
            pays text,
            site_web text,
            date_premiere_publication text,
            date_derniere_publication_activite text,
            date_cessation text,
            motif_desinscription text,
            secteurs_activite jsonb not null,
            niveaux_intervention jsonb not null,
            exercices jsonb not null
          )`);
      },
    },
  ],
  ...entityHandlers([
    rowBinding({ register: FR_HATVP_REGISTER, kind: HATVP_ORGANISATION, table, rowOf: hatvpOrganisationRow }),
  ]),
};
