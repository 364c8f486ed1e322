import type { Migration } from '../../ops/database/migrations.ts';
import { passPromotionMigrations } from './passPromotion.ts';
import { passSeenSetMigrations } from './passSeenSet.ts';

/**
 * The write side's memory of the last completed pass of each register: one digest per entity. `digest` is
 * the row's SHA-256 in the last completed pass (null: not in it; before any pass of the register completed,
 * what its first pass marked: see markAllNew); `seen_version` marks the rows a pass found
 * different (new digest in `pass_digest`) or missing (`pass_digest` null), for the pass running now or an
 * unfinished one; a row the pass saw unchanged is not written. Completion promotes the marks in one transaction.
 */
export const snapshotPassMigrations: Migration[] = [
  {
    name: '0200_ingest_digests',
    async up(knex) {
      await knex.raw(`
        create table ingest_digests (
          register text not null,
          kind text not null,
          entity_id text not null,
          digest text,
          pass_digest text,
          seen_version text,
          primary key (register, kind, entity_id)
        )`);
    },
  },
  /**
   * A row new or changed in a pass is written twice (marked, then promoted): with half of each page free, the
   * new version of a row fits in its page and no index entry is written (a heap-only update). The promotion
   * of a first pass takes about half the time with this setting (bench sirene, bench/HISTORY.md).
   */
  {
    name: '0201_ingest_digests_fillfactor',
    async up(knex) {
      await knex.raw('alter table ingest_digests set (fillfactor = 50)');
    },
  },
  ...passPromotionMigrations,
  ...passSeenSetMigrations,
  /**
   * The digests as their 32 bytes (`bytea`) rather than 64 hexadecimal characters, and pages filled to 90 %
   * instead of half: 532 bytes per Sirene row went to 258 (at 74 million rows, about 19 GiB less), and the
   * statement writes a sixth less WAL (bench sirene, bench/HISTORY.md). Half-empty pages were for the
   * promotion of a first pass, which rewrote every row; a first pass now writes its digests once
   * (markAllNew), an unchanged pass writes none, and the few rows a monthly pass changes still find room in
   * their page for their two new versions (heap-only updates). JavaScript keeps reading and writing hex.
   * The conversion rewrites the table once, under a lock on it alone: an ingest started meanwhile waits, the
   * API never reads this table.
   */
  {
    name: '0204_ingest_digests_bytea',
    async up(knex) {
      // The fill factor first: the type change rewrites the table, with the new setting.
      await knex.raw('alter table ingest_digests set (fillfactor = 90)');
      await knex.raw(`
        alter table ingest_digests
          alter column digest type bytea using decode(digest, 'hex'),
          alter column pass_digest type bytea using decode(pass_digest, 'hex')`);
    },
  },
];
