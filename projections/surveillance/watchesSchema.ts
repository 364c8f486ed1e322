import type { Migration } from '../../ops/database/migrations.ts';

export const WATCHES = 'surveillances';
export const WATCHED_ENTITIES = 'surveillance_entites';
/** One row per change of a watched entity and watch: its delivery id is the row's key. */
export const WATCH_CHANGES = 'surveillance_changements';
/** The last live observation of each watched entity, to tell an observation that differs. */
export const WATCH_OBSERVATIONS = 'surveillance_observations';
/** Each webhook attempt and its outcome. */
export const WATCH_ATTEMPTS = 'surveillance_tentatives';

export const WATCHES_TABLES = [WATCHES, WATCHED_ENTITIES, WATCH_CHANGES, WATCH_OBSERVATIONS, WATCH_ATTEMPTS];

export const watchesMigrations: Migration[] = [
  {
    name: '0700_projection_surveillances',
    async up(knex) {
      await knex.raw(`
        create table ${WATCHES} (
          id text primary key,
          position bigint not null,
          proprietaire_compte text,
          proprietaire_payeur text,
          jours integer not null,
          cree_le timestamptz not null,
          fin timestamptz not null,
          prix_par_entite bigint not null,
          prix bigint not null,
          webhook_url text,
          secret_scelle text not null
        )`);
      await knex.raw(`
        create table ${WATCHED_ENTITIES} (
          surveillance text not null,
          pays text not null,
          id text not null,
          rang integer not null,
          registres text[] not null,
          primary key (surveillance, pays, id)
        )`);
      await knex.raw(`create index ${WATCHED_ENTITIES}_id on ${WATCHED_ENTITIES} (id)`);
      await knex.raw(`
        create table ${WATCH_CHANGES} (
          livraison uuid primary key,
          surveillance text not null,
          pays text not null,
          id text not null,
          position bigint not null,
          registre text not null,
          genre text not null,
          constate_le timestamptz not null,
          detail jsonb not null
        )`);
      await knex.raw(
        `create index ${WATCH_CHANGES}_surveillance on ${WATCH_CHANGES} (surveillance, constate_le)`,
      );
      await knex.raw(`create index ${WATCH_CHANGES}_position on ${WATCH_CHANGES} (position)`);
      await knex.raw(`
        create table ${WATCH_OBSERVATIONS} (
          registre text not null,
          id text not null,
          empreinte text not null,
          primary key (registre, id)
        )`);
      await knex.raw(`
        create table ${WATCH_ATTEMPTS} (
          livraison uuid not null,
          tentative integer not null,
          surveillance text not null,
          pays text not null,
          id text not null,
          tente_le timestamptz not null,
          issue text not null,
          statut_http integer,
          erreur text,
          prochaine_tentative timestamptz,
          primary key (livraison, tentative)
        )`);
      await knex.raw(`create index ${WATCH_ATTEMPTS}_surveillance on ${WATCH_ATTEMPTS} (surveillance)`);
    },
  },
];
