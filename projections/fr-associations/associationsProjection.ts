import type { Knex } from 'knex';
import { FR_JOAFE_REGISTER, JOAFE_NOTICE } from '../../schemas/events/frJoafeEvents.ts';
import { FR_RNA_REGISTER, RNA_IMPORT, RNA_WALDEC, type RnaRecord } from '../../schemas/events/frRnaEvents.ts';
import { type EntityBinding, entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { joafeRowOf } from './joafeRow.ts';
import { rnaRowOf } from './rnaRow.ts';

export const ASSOCIATIONS_PROJECTION = 'fr-associations';

const RNA_COLUMNS = [
  'rna',
  'source',
  'id_ex',
  'siret',
  'titre',
  'titre_court',
  'objet',
  'objet_social1',
  'objet_social2',
  'nature',
  'groupement',
  'position',
  'gestion',
  'date_creation',
  'date_declaration',
  'date_publication',
  'date_dissolution',
  'adresse',
  'code_postal',
  'commune',
  'code_insee',
  'site_web',
  'mis_a_jour_le',
] as const;

const rnaBinding = (kind: string): EntityBinding => ({
  register: FR_RNA_REGISTER,
  kind,
  async upsert(trx, data) {
    const row = rnaRowOf(kind, data.id, data.record as RnaRecord);
    const values = RNA_COLUMNS.map((c) => row[c]);
    await trx.raw(
      `insert into fr_rna_associations (${RNA_COLUMNS.join(', ')})
       values (${RNA_COLUMNS.map(() => '?').join(', ')})
       on conflict (rna, source) do update set
       ${RNA_COLUMNS.filter((c) => c !== 'rna' && c !== 'source')
         .map((c) => `${c} = excluded.${c}`)
         .join(', ')}`,
      values,
    );
  },
  async drop(trx, data) {
    await trx.raw('delete from fr_rna_associations where rna = ? and source = ?', [data.id, kind]);
  },
});

/**
 * Associations: the RNA record (waldec and import rows, keyed by RNA number and file) and the JOAFE notices
 * by association, with the journal issues held (`fr_joafe_parutions`), which give the coverage window.
 */
export const associationsProjection: Projection = {
  name: ASSOCIATIONS_PROJECTION,
  registers: [FR_RNA_REGISTER, FR_JOAFE_REGISTER],
  tables: ['fr_rna_associations', 'fr_joafe_annonces', 'fr_joafe_parutions'],
  migrations: [
    {
      name: 'fr_associations_0001_tables',
      async up(knex) {
        await knex.raw(`
          create table fr_rna_associations (
            rna text not null,
            source text not null,
            id_ex text, siret text, titre text, titre_court text, objet text, objet_social1 text,
            objet_social2 text, nature text, groupement text, position text, gestion text,
            date_creation date, date_declaration date, date_publication date, date_dissolution date,
            adresse text, code_postal text, commune text, code_insee text, site_web text, mis_a_jour_le text,
            primary key (rna, source)
          )`);
        await knex.raw(`
          create table fr_joafe_annonces (
            id text primary key,
            rna text not null,
            parution text,
            date_parution date,
            notice jsonb not null
          )`);
        await knex.raw(
          'create index fr_joafe_annonces_by_rna on fr_joafe_annonces (rna, date_parution desc, id desc)',
        );
        await knex.raw(`
          create table fr_joafe_parutions (
            parution text primary key,
            date_parution date
          )`);
      },
    },
  ],
  ...entityHandlers([
    rnaBinding(RNA_WALDEC),
    rnaBinding(RNA_IMPORT),
    {
      register: FR_JOAFE_REGISTER,
      kind: JOAFE_NOTICE,
      async upsert(trx, data) {
        await upsertJoafe(trx, data.id, data.record);
      },
      async drop(trx, data) {
        await trx.raw('delete from fr_joafe_annonces where id = ?', [data.id]);
      },
    },
  ]),
};

async function upsertJoafe(trx: Knex.Transaction, id: string, record: Record<string, unknown>) {
  const row = joafeRowOf(id, record);
  await trx.raw(
    `insert into fr_joafe_annonces (id, rna, parution, date_parution, notice) values (?, ?, ?, ?, ?::jsonb)
     on conflict (id) do update set rna = excluded.rna, parution = excluded.parution,
       date_parution = excluded.date_parution, notice = excluded.notice`,
    [row.id, row.rna, row.parution, row.date_parution, JSON.stringify(row)],
  );
  if (row.parution) {
    await trx.raw(
      `insert into fr_joafe_parutions (parution, date_parution) values (?, ?)
       on conflict (parution) do update set date_parution = coalesce(fr_joafe_parutions.date_parution, excluded.date_parution)`,
      [row.parution, row.date_parution],
    );
  }
}
