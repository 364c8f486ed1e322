import type { Migration } from '../../ops/database/migrations.ts';

/** The served table: one row per active or ceased legal person of Sirene, with head office and last accounts. */
export const LISTE_TABLE = 'entreprises_liste';

/** Source tables the served table is derived from (each kept as published, one row per entity). */
export const LISTE_SOURCE_TABLES = [
  'liste_unites',
  'liste_sieges',
  'liste_exercices',
  'liste_annonces',
  'liste_annonce_sirens',
  'liste_signaux',
] as const;

export const LISTE_TABLES = [...LISTE_SOURCE_TABLES, LISTE_TABLE];

/** The served table's indexes, by their columns (migration 0002). */
const SERVED_INDEX_COLUMNS = [
  ['etat', 'siren'],
  // Geography is the usual first criterion of a prospect list: paired with what it is most often
  // combined with, so the count reads the index alone.
  ['etat', 'departement', 'naf'],
  ['etat', 'departement', 'forme'],
  ['etat', 'departement', 'ca'],
  ['etat', 'departement', 'date_creation'],
  ['etat', 'naf'],
  ['etat', 'forme'],
  ['etat', 'code_postal'],
  ['etat', 'commune'],
  ['etat', 'tranche_effectifs'],
  ['etat', 'date_creation'],
  ['etat', 'categorie_entreprise'],
  ['etat', 'date_cloture'],
  ['etat', 'ca'],
  ['etat', 'resultat_net'],
  ['etat', 'ebe'],
  ['etat', 'bfr_sur_ca'],
];

/** The public signals' indexes on the served table (migration 0003). */
const SIGNAL_INDEX_COLUMNS = ['procedure_collective', 'dernier_signal', 'date_dernier_signal'].map((c) => [
  'etat',
  c,
]);

const indexName = (columns: readonly string[]) => `${LISTE_TABLE}_${columns.join('_')}`;

/** Every index of the served table but its key: only list queries read them (built after a bulk load). */
export const LISTE_SERVED_INDEXES = [...SERVED_INDEX_COLUMNS, ...SIGNAL_INDEX_COLUMNS].map(indexName);

/**
 * Codes are `collate "C"`: ordering is bytewise and a prefix criterion is a plain range that a btree index
 * serves. Every index of the served table leads with `etat`, which every query constrains (active companies
 * by default); each covers one filterable or sortable field of the catalogue (api/lister/fieldCatalogue.ts).
 */
export const listeMigrations: Migration[] = [
  {
    name: 'fr_entreprises_liste_0001_sources',
    async up(knex) {
      await knex.raw(`
        create table liste_unites (
          siren text collate "C" primary key,
          denomination text,
          etat text,
          categorie_juridique text collate "C",
          naf text collate "C",
          tranche_effectifs text collate "C",
          date_creation date,
          categorie_entreprise text,
          statut_diffusion text,
          nic_siege text
        )`);
      await knex.raw(`
        create table liste_sieges (
          siret text collate "C" primary key,
          siren text collate "C" not null,
          code_postal text collate "C",
          commune text,
          code_commune text collate "C",
          departement text collate "C"
        )`);
      await knex.raw('create index liste_sieges_siren on liste_sieges (siren)');
      await knex.raw(`
        create table liste_exercices (
          siren text collate "C" not null,
          date_cloture date not null,
          type_bilan text collate "C" not null,
          date_photo date,
          confidentialite text,
          ca bigint,
          resultat_net bigint,
          ebe bigint,
          bfr_sur_ca numeric,
          primary key (siren, date_cloture, type_bilan)
        )`);
    },
  },
  {
    name: 'fr_entreprises_liste_0002_served',
    async up(knex) {
      await knex.raw(`
        create table entreprises_liste (
          siren text collate "C" primary key,
          denomination text,
          etat text collate "C" not null,
          forme text collate "C" not null,
          naf text collate "C",
          tranche_effectifs text collate "C",
          date_creation date,
          categorie_entreprise text collate "C",
          code_postal text collate "C",
          commune text,
          departement text collate "C",
          date_cloture date,
          type_bilan text collate "C",
          ca bigint,
          resultat_net bigint,
          ebe bigint,
          bfr_sur_ca numeric
        )`);
      for (const columns of SERVED_INDEX_COLUMNS) {
        await knex.raw(`create index ${indexName(columns)} on entreprises_liste (${columns.join(', ')})`);
      }
    },
  },
  {
    name: 'fr_entreprises_liste_0003_public_signals',
    async up(knex) {
      // The BODACC notices the list reads (see listeNotices.ts), their companies, and each company's signals.
      await knex.raw(`
        create table liste_annonces (
          id text primary key,
          publication text,
          date_parution date,
          type_avis text,
          famille text,
          famille_libelle text,
          tribunal text,
          jugement jsonb,
          radiation_commentaire text,
          precedent_id text,
          annule_precedent boolean not null default false
        )`);
      await knex.raw(
        'create index liste_annonces_precedent on liste_annonces (precedent_id) where precedent_id is not null',
      );
      await knex.raw(`
        create table liste_annonce_sirens (
          siren text collate "C" not null,
          annonce_id text not null,
          primary key (siren, annonce_id)
        )`);
      await knex.raw('create index liste_annonce_sirens_notice on liste_annonce_sirens (annonce_id)');
      await knex.raw(`
        create table liste_signaux (
          siren text collate "C" primary key,
          procedure_collective text collate "C" not null,
          dernier_signal text collate "C",
          date_dernier_signal date
        )`);
      await knex.raw(`
        alter table entreprises_liste
          add column procedure_collective text collate "C" not null default 'aucune',
          add column dernier_signal text collate "C",
          add column date_dernier_signal date`);
      for (const columns of SIGNAL_INDEX_COLUMNS) {
        await knex.raw(`create index ${indexName(columns)} on entreprises_liste (${columns.join(', ')})`);
      }
    },
  },
];
