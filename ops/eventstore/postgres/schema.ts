import type { Migration } from '../../database/migrations.ts';
import { entityBlockRowsMigration } from './entityBlockRows.ts';

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
   * server has it: lz4 compresses faster than pglz, the default. A server built without lz4
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
  /**
   * One stream's append in one statement (one round trip instead of six: begin, lock, version, insert,
   * notify, commit): under the append lock, the stream's version is checked against `p_expected` ('any',
   * 'no_stream', 'stream_exists' or a version number), then the events go in and subscribers are woken with the
   * append's schema, positions and event types (appendedPayload in insertEvents.ts).
   * Returns the version found and, when the events went in, the last position (null: version conflict).
   */
  {
    name: '0003_eventstore_append_function',
    async up(knex) {
      await knex.raw(`
        create function events_append(p_stream text, p_expected text, p_types text[], p_data json,
                                                 p_metadata json, p_lock bigint, p_channel text)
        returns table (actual bigint, last_position bigint) language plpgsql as $$
        declare
          found_version bigint;
          first_position bigint;
          last bigint;
        begin
          perform pg_advisory_xact_lock(p_lock);
          select max(stream_version) into found_version from events where stream_id = p_stream;
          if not (p_expected = 'any'
                  or (p_expected = 'no_stream' and found_version is null)
                  or (p_expected = 'stream_exists' and found_version is not null)
                  or (p_expected ~ '^[0-9]+$' and found_version = p_expected::bigint)) then
            return query select found_version, null::bigint;
            return;
          end if;
          with inserted as (
            insert into events (stream_id, stream_version, type, data, metadata)
            select p_stream, coalesce(found_version, -1) + u.o, u.t, u.d::jsonb, u.m::jsonb
              from rows from (unnest(p_types), json_array_elements(p_data), json_array_elements(p_metadata))
                   with ordinality as u(t, d, m, o)
             order by u.o
            returning position
          )
          ${notifySubscribers('first_position')}
          return query select found_version, last;
        end
        $$`);
    },
  },
  /**
   * A bulk append (many streams, no version check) in one statement: under the append lock, each stream's
   * current version is found by one index probe, the events go in numbered on from it in array order, and
   * subscribers are woken as by `events_append`. One round trip instead of six (begin, lock, versions,
   * insert, notify, commit): each of those waited for the ingesting process's event loop, busy reading the
   * next batch, and the append is a snapshot pass's critical path (bench sirene, bench/HISTORY.md).
   * Returns the first and last positions written.
   */
  {
    name: '0004_eventstore_append_bulk_function',
    async up(knex) {
      await knex.raw(appendBulkFunction('create', 'each element'));
    },
  },
  /**
   * The bulk append reads its data and metadata arrays as `jsonb` once: each element was parsed twice before
   * (`json_array_elements` scans the array text, then each element text was parsed again into `jsonb`), about
   * a quarter of the append's parsing for a Sirene row (bench sirene, bench/HISTORY.md). Same signature, same
   * result.
   */
  {
    name: '0005_eventstore_append_bulk_parsed_once',
    async up(knex) {
      await knex.raw(appendBulkFunction('create or replace', 'whole arrays'));
    },
  },
  /**
   * The bulk append takes its data and metadata arrays as `jsonb` parameters: the server parses each array's
   * text once, straight into `jsonb`. With `json` parameters it read the text twice, once to check it as
   * `json` at the bind, then to build the `jsonb` (about a tenth of the append of a Sirene batch: bench
   * sirene, bench/HISTORY.md). A new overload: the `json` one stays for a process started before the
   * migration.
   */
  {
    name: '0006_eventstore_append_bulk_jsonb_parameters',
    async up(knex) {
      await knex.raw(appendBulkFunction('create', 'jsonb parameters'));
    },
  },
  /**
   * The relay's progress (ops/bus/kafka/relay.ts): per topic, the position of the last event the broker
   * acknowledged. Moved after each acknowledged batch, by compare-and-set.
   */
  {
    name: '0320_bus_relay_state',
    async up(knex) {
      await knex.raw(`
        create table bus_relay_state (
          topic text primary key,
          position bigint not null default 0,
          updated_at timestamptz
        )`);
    },
  },
  entityBlockRowsMigration,
];

/**
 * The SQL of `events_append_bulk` (migrations 0004 to 0006). `parse`: how the data and metadata arrays become
 * `jsonb`: `each element` (0004: the array's elements as `json`, each cast afterwards), `whole arrays` (0005:
 * each `json` array cast once, its elements taken as `jsonb`) or `jsonb parameters` (0006: the arrays arrive
 * as `jsonb`).
 */
function appendBulkFunction(
  verb: 'create' | 'create or replace',
  parse: 'each element' | 'whole arrays' | 'jsonb parameters',
): string {
  const [elements, data, metadata] =
    parse === 'each element'
      ? [
          'json_array_elements(p_data),\n                              json_array_elements(p_metadata)',
          'u.d::jsonb',
          'u.m::jsonb',
        ]
      : parse === 'whole arrays'
        ? [
            'jsonb_array_elements(p_data::jsonb),\n                              jsonb_array_elements(p_metadata::jsonb)',
            'u.d',
            'u.m',
          ]
        : [
            'jsonb_array_elements(p_data),\n                              jsonb_array_elements(p_metadata)',
            'u.d',
            'u.m',
          ];
  const arrays = parse === 'jsonb parameters' ? 'jsonb' : 'json';
  return `
        ${verb} function events_append_bulk(p_streams text[], p_types text[], p_data ${arrays}, p_metadata ${arrays},
                                           p_lock bigint, p_channel text)
        returns table (first_position bigint, last_position bigint) language plpgsql as $$
        declare
          first bigint;
          last bigint;
        begin
          perform pg_advisory_xact_lock(p_lock);
          with u as (
            select s, t, d, m, o
              from rows from (unnest(p_streams), unnest(p_types), ${elements}) with ordinality as u(s, t, d, m, o)
          ), tails as (
            select k.s, coalesce((select max(e.stream_version) from events e where e.stream_id = k.s), -1) as v
              from (select distinct s from u) as k
          ), inserted as (
            insert into events (stream_id, stream_version, type, data, metadata)
            select u.s, c.v + row_number() over (partition by u.s order by u.o), u.t, ${data}, ${metadata}
              from u join tails c on c.s = u.s
             order by u.o
            returning position
          )
          ${notifySubscribers('first')}
          return query select first, last;
        end
        $$`;
}

/**
 * How both append functions end, once the `inserted` rows are in: the positions written go into `first` (the
 * variable named) and `last`, and subscribers are woken with the append's schema, positions and event types
 * (the payload appendedPayload in insertEvents.ts reads).
 */
function notifySubscribers(first: 'first' | 'first_position'): string {
  return `select min(position), max(position) into ${first}, last from inserted;
          perform pg_notify(p_channel, current_schema() || ' ' || ${first}::text || ' ' || last::text
                            || ' ' || (select string_agg(distinct t, ',') from unnest(p_types) as t));`;
}
