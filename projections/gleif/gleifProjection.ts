import {
  GLEIF_REGISTER,
  LEI_RECORD,
  RELATIONSHIP,
  REPORTING_EXCEPTION,
} from '../../schemas/events/gleifEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { type RowTable, rowBinding } from '../core/rowTable.ts';
import { createProfileTable, ensureEuSearchSupport, profileBinding } from '../eu-profile/euProfileTable.ts';
import { bindingPair } from './bindingPair.ts';
import { gleifProfile } from './gleifProfile.ts';
import {
  type GleifEntityRow,
  type GleifExceptionRow,
  type GleifRelationshipRow,
  gleifEntityRow,
  gleifExceptionRow,
  gleifRelationshipRow,
} from './gleifRows.ts';
import { pendingListMerged } from './pendingListMerged.ts';

export const GLEIF_PROJECTION = 'gleif';
export const GLEIF_ENTITIES = 'gleif_entites';
export const GLEIF_RELATIONSHIPS = 'gleif_relations';
export const GLEIF_EXCEPTIONS = 'gleif_exceptions';
/** The LEI entities in the European unified profile's shape (`id_national` = the LEI). */
export const GLEIF_PROFILES = 'gleif_profils';
/** The trigram index of the profiles' names (createProfileTable names it so). */
const GLEIF_PROFILE_NAMES_INDEX = `${GLEIF_PROFILES}_nom_trgm`;

const entities: RowTable<GleifEntityRow> = {
  name: GLEIF_ENTITIES,
  key: ['lei'],
  columns: {
    lei: 'text',
    siren: 'text',
    denomination: 'text',
    autres_noms: 'text',
    adresse: 'text',
    code_postal: 'text',
    ville: 'text',
    pays_adresse: 'text',
    pays_siege: 'text',
    autorite_enregistrement: 'text',
    id_enregistrement: 'text',
    juridiction: 'text',
    categorie: 'text',
    sous_categorie: 'text',
    forme_code: 'text',
    forme_autre: 'text',
    statut_entite: 'text',
    date_creation: 'date',
    date_expiration: 'date',
    raison_expiration: 'text',
    statut_enregistrement: 'text',
    derniere_maj: 'timestamptz',
    lou: 'text',
    sources_validation: 'text',
  },
};

const relationships: RowTable<GleifRelationshipRow> = {
  name: GLEIF_RELATIONSHIPS,
  key: ['id'],
  columns: {
    id: 'text',
    lei_fille: 'text',
    lei_mere: 'text',
    type: 'text',
    statut: 'text',
    statut_enregistrement: 'text',
    debut: 'date',
    fin: 'date',
    derniere_maj: 'timestamptz',
  },
};

const exceptions: RowTable<GleifExceptionRow> = {
  name: GLEIF_EXCEPTIONS,
  key: ['id'],
  columns: { id: 'text', lei: 'text', categorie: 'text', raisons: 'jsonb', references_publiees: 'jsonb' },
};

/**
 * The GLEIF local copy: LEI entities (by LEI, and by SIREN for the French ones), relationships (by child
 * LEI), reporting exceptions (by LEI), and the entities in the unified profile's shape.
 */
export const gleifProjection: Projection = {
  name: GLEIF_PROJECTION,
  registers: [GLEIF_REGISTER],
  tables: [GLEIF_ENTITIES, GLEIF_RELATIONSHIPS, GLEIF_EXCEPTIONS, GLEIF_PROFILES],
  migrations: [
    {
      name: 'gleif_0001_tables',
      async up(knex) {
        await knex.raw(`
          create table ${GLEIF_ENTITIES} (
            lei text primary key, siren text, denomination text, autres_noms text, adresse text,
            code_postal text, ville text, pays_adresse text, pays_siege text, autorite_enregistrement text,
            id_enregistrement text, juridiction text, categorie text, sous_categorie text, forme_code text,
            forme_autre text, statut_entite text, date_creation date, date_expiration date,
            raison_expiration text, statut_enregistrement text, derniere_maj timestamptz, lou text,
            sources_validation text
          )`);
        await knex.raw(
          `create index ${GLEIF_ENTITIES}_siren on ${GLEIF_ENTITIES} (siren) where siren is not null`,
        );
        await knex.raw(`
          create table ${GLEIF_RELATIONSHIPS} (
            id text primary key, lei_fille text not null, lei_mere text not null, type text not null,
            statut text, statut_enregistrement text, debut date, fin date, derniere_maj timestamptz
          )`);
        await knex.raw(`create index ${GLEIF_RELATIONSHIPS}_fille on ${GLEIF_RELATIONSHIPS} (lei_fille)`);
        await knex.raw(`
          create table ${GLEIF_EXCEPTIONS} (
            id text primary key, lei text not null, categorie text not null, raisons jsonb not null,
            references_publiees jsonb not null
          )`);
        await knex.raw(`create index ${GLEIF_EXCEPTIONS}_lei on ${GLEIF_EXCEPTIONS} (lei)`);
        await ensureEuSearchSupport(knex);
        await createProfileTable(knex, GLEIF_PROFILES);
      },
    },
    {
      // The profiles' trigram index takes a first pass's millions of names in bulk (see pendingListMerged).
      name: 'gleif_0002_profile_names_in_bulk',
      async up(knex) {
        await knex.raw(`alter index ${GLEIF_PROFILE_NAMES_INDEX} set (fastupdate = on)`);
      },
    },
  ],
  ...entityHandlers([
    bindingPair(
      rowBinding({
        register: GLEIF_REGISTER,
        kind: LEI_RECORD,
        table: entities,
        rowOf: (data) => gleifEntityRow(data.id, data.record),
      }),
      pendingListMerged(
        profileBinding({
          register: GLEIF_REGISTER,
          kind: LEI_RECORD,
          table: GLEIF_PROFILES,
          profileOf: (data) => gleifProfile(data.id, data.record),
        }),
        GLEIF_PROFILE_NAMES_INDEX,
      ),
    ),
    rowBinding({
      register: GLEIF_REGISTER,
      kind: RELATIONSHIP,
      table: relationships,
      rowOf: (data) => gleifRelationshipRow(data.id, data.record),
    }),
    rowBinding({
      register: GLEIF_REGISTER,
      kind: REPORTING_EXCEPTION,
      table: exceptions,
      rowOf: (data) => gleifExceptionRow(data.id, data.record),
    }),
  ]),
};
