import type { Knex } from 'knex';
import { BODACC_NOTICE, FR_BODACC_REGISTER } from '../../schemas/events/frBodaccEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { noticeCapitalOf } from './noticeCapital.ts';
import { noticeCompaniesOf, noticeFactsBindings, noticeRowOf } from './noticeRow.ts';

export const BODACC_ANNONCES_PROJECTION = 'fr-bodacc-annonces';

/**
 * BODACC notices by company: one row per notice (what names no one: dates, family, tribunal, judgment facts,
 * the notice it corrects or cancels) and one row per (company, notice). Whether a notice is still live is
 * read at query time from later notices that point to it, so notices may arrive in any order.
 */
export const bodaccAnnoncesProjection: Projection = {
  name: BODACC_ANNONCES_PROJECTION,
  registers: [FR_BODACC_REGISTER],
  tables: ['fr_bodacc_annonces', 'fr_bodacc_annonce_sirens', 'fr_bodacc_revision', 'fr_bodacc_capital'],
  migrations: [
    {
      name: 'fr_bodacc_annonces_0001_tables',
      async up(knex) {
        await knex.raw(`
          create table fr_bodacc_annonces (
            id text primary key,
            publication text,
            parution text,
            date_parution date,
            numero_annonce integer,
            type_avis text,
            famille text,
            famille_libelle text,
            tribunal text,
            jugement jsonb,
            radiation_commentaire text,
            precedent_id text,
            annule_precedent boolean not null
          )`);
        await knex.raw(
          'create index fr_bodacc_annonces_precedent on fr_bodacc_annonces (precedent_id) where precedent_id is not null',
        );
        await knex.raw(`
          create table fr_bodacc_annonce_sirens (
            siren text not null,
            annonce_id text not null,
            date_parution date,
            denomination text,
            primary key (siren, annonce_id)
          )`);
        await knex.raw(
          'create index fr_bodacc_annonce_sirens_by_date on fr_bodacc_annonce_sirens (siren, date_parution desc, annonce_id desc)',
        );
        await knex.raw(
          'create index fr_bodacc_annonce_sirens_notice on fr_bodacc_annonce_sirens (annonce_id)',
        );
        await knex.raw(`
          create table fr_bodacc_revision (
            id integer primary key check (id = 1),
            position bigint not null
          )`);
      },
    },
    {
      // The capital each notice publishes (the capital route's history). Notices applied before this
      // migration have no row until `registres rebuild fr-bodacc-annonces` replays them (docs/operations.md).
      name: 'fr_bodacc_annonces_0002_capital',
      async up(knex) {
        await knex.raw(`
          create table fr_bodacc_capital (
            annonce_id text primary key,
            montant text,
            devise text,
            variable boolean not null,
            modification_capital boolean not null
          )`);
      },
    },
  ],
  ...entityHandlers([
    {
      register: FR_BODACC_REGISTER,
      kind: BODACC_NOTICE,
      async upsert(trx, data, event) {
        await upsertNotice(trx, data.id, data.record, event.position);
      },
      async drop(trx, data, event) {
        await trx.raw('delete from fr_bodacc_annonce_sirens where annonce_id = ?', [data.id]);
        await trx.raw('delete from fr_bodacc_capital where annonce_id = ?', [data.id]);
        await trx.raw('delete from fr_bodacc_annonces where id = ?', [data.id]);
        await markRevision(trx, event.position);
      },
    },
  ]),
};

/**
 * The position of the last BODACC event applied: what the notices read from these tables were as of. The
 * projection's checkpoint is no such mark: it moves on every event of the log (served responses too).
 */
async function markRevision(trx: Knex.Transaction, position: bigint) {
  await trx.raw(
    `insert into fr_bodacc_revision (id, position) values (1, ?)
     on conflict (id) do update set position = greatest(fr_bodacc_revision.position, excluded.position)`,
    [position.toString()],
  );
}

/** The data revision of the BODACC read model (0 before any notice). */
export async function bodaccRevision(knex: Knex): Promise<string> {
  const { rows } = await knex.raw<{ rows: { position: string }[] }>(
    'select position from fr_bodacc_revision',
  );
  return rows[0]?.position ?? '0';
}

/**
 * Idempotent: the same notice arrives once per company stream, and a replay writes the same rows. One
 * statement per event (the notice, its companies, the stale companies removed, the revision), which matters
 * on the embedded database where each statement is a round trip.
 */
async function upsertNotice(
  trx: Knex.Transaction,
  id: string,
  record: Record<string, unknown>,
  position: bigint,
) {
  const row = noticeRowOf(id, record);
  const companies = noticeCompaniesOf(record);
  const capital = noticeCapitalOf(record);
  await trx.raw(
    `with notice as (
       insert into fr_bodacc_annonces (id, publication, parution, date_parution, numero_annonce, type_avis, famille,
         famille_libelle, tribunal, jugement, radiation_commentaire, precedent_id, annule_precedent)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?)
       on conflict (id) do update set
         publication = excluded.publication, parution = excluded.parution, date_parution = excluded.date_parution,
         numero_annonce = excluded.numero_annonce, type_avis = excluded.type_avis, famille = excluded.famille,
         famille_libelle = excluded.famille_libelle, tribunal = excluded.tribunal, jugement = excluded.jugement,
         radiation_commentaire = excluded.radiation_commentaire, precedent_id = excluded.precedent_id,
         annule_precedent = excluded.annule_precedent
       returning id, date_parution),
     companies as (
       insert into fr_bodacc_annonce_sirens (siren, annonce_id, date_parution, denomination)
       select u.s, notice.id, notice.date_parution, u.d from notice, unnest(?::text[], ?::text[]) as u(s, d)
       on conflict (siren, annonce_id) do update
         set date_parution = excluded.date_parution, denomination = excluded.denomination
       returning 1),
     stale as (
       delete from fr_bodacc_annonce_sirens where annonce_id = ? and not (siren = any(?::text[]))
       returning 1),
     revision as (
       insert into fr_bodacc_revision (id, position) values (1, ?)
       on conflict (id) do update set position = greatest(fr_bodacc_revision.position, excluded.position)
       returning 1),
     capital as (
       insert into fr_bodacc_capital (annonce_id, montant, devise, variable, modification_capital)
       select ?, ?, ?, ?, ? where ?::boolean
       on conflict (annonce_id) do update set montant = excluded.montant, devise = excluded.devise,
         variable = excluded.variable, modification_capital = excluded.modification_capital
       returning 1),
     no_capital as (
       delete from fr_bodacc_capital where annonce_id = ? and not ?::boolean
       returning 1)
     select (select count(*) from companies) + (select count(*) from stale) + (select count(*) from revision)
          + (select count(*) from capital) + (select count(*) from no_capital)`,
    [
      row.id,
      row.publication,
      row.parution,
      row.date_parution,
      row.numero_annonce,
      ...noticeFactsBindings(row),
      companies.map((c) => c.siren),
      companies.map((c) => c.denomination) as string[],
      id,
      companies.map((c) => c.siren),
      position.toString(),
      id,
      capital?.montant ?? null,
      capital?.devise ?? null,
      capital?.variable ?? false,
      capital?.modification_capital ?? false,
      capital !== null,
      id,
      capital !== null,
    ],
  );
}
