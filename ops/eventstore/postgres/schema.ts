import type { Migration } from '../../database/migrations.ts';

export const EVENTS_CHANNEL = 'registres_events';

/** Held for the whole append transaction: appends are serialised, so positions become visible in order. */
export const APPEND_LOCK_KEY = 7358201;

export const eventStoreMigrations: Migration[] = [
  {
    name: '0001_eventstore_events',
    async up(knex) {
      await knex.raw(`
        create table events (
          position bigserial primary key,
          stream_id text not null,
          stream_version bigint not null,
          type text not null,
          data jsonb not null,
          metadata jsonb not null default '{}'::jsonb,
          recorded_at timestamptz not null default now(),
          constraint events_stream_version_unique unique (stream_id, stream_version)
        )`);
    },
  },
  /**
   * Event data above the TOAST threshold (a Sirene establishment row is) is compressed with lz4 where the
   * server has it: lz4 compresses several times faster than pglz, the default. A server built without lz4
   * (the embedded database) keeps pglz.
   */
  {
    name: '0002_eventstore_lz4',
    async up(knex) {
      const { rows } = await knex.raw<{ rows: { lz4: boolean }[] }>(
        `select 'lz4' = any(enumvals) as lz4 from pg_settings where name = 'default_toast_compression'`,
      );
      if (rows[0]?.lz4) {
        await knex.raw(
          'alter table events alter column data set compression lz4, alter column metadata set compression lz4',
        );
      }
    },
  },
];
