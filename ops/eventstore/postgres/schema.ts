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
];
