import type { Knex } from 'knex';
import { namedStatement } from '../../database/namedStatements.ts';
import { type AppendResult, describeExpected, type ExpectedVersion, type NewEvent } from '../port.ts';
import { EventRows } from './insertEvents.ts';
import { APPEND_LOCK_KEY, EVENTS_CHANNEL } from './schema.ts';

/**
 * Appends to one stream after checking its version, under the append lock (see readAll.ts), in one
 * statement: the `events_append` function of the schema (a paid call's charge takes this path).
 */
export async function appendToStream(
  knex: Knex,
  streamId: string,
  events: NewEvent[],
  expected: ExpectedVersion,
): Promise<AppendResult> {
  if (events.length === 0) throw new Error('append needs at least one event');
  const rows = new EventRows();
  for (const e of events) rows.push(streamId, 0n, e);
  const result = await namedStatement<{ rows: { actual: string | null; last_position: string | null }[] }>(
    knex,
    'registres_events_append',
    'select actual::text, last_position::text from events_append(?, ?, ?::text[], ?::json, ?::json, ?, ?)',
    [
      streamId,
      typeof expected === 'bigint' ? expected.toString() : expected,
      rows.types,
      rows.dataArray(),
      rows.metadataArray(),
      APPEND_LOCK_KEY,
      EVENTS_CHANNEL,
    ],
  );
  const row = result.rows[0];
  const actual = row?.actual == null ? null : BigInt(row.actual);
  if (!row?.last_position) {
    return {
      ok: false,
      error: 'version_conflict',
      streamId,
      expected,
      actual,
      message: `stream ${streamId}: expected ${describeExpected(expected)}, found ${actual === null ? 'no stream' : `version ${actual}`}`,
    };
  }
  return {
    ok: true,
    nextExpectedVersion: (actual ?? -1n) + BigInt(events.length),
    lastPosition: BigInt(row.last_position),
  };
}

export async function currentVersion(knex: Knex, streamId: string): Promise<bigint | null> {
  const { rows } = await knex.raw<{ rows: { v: string | null }[] }>(
    'select max(stream_version) as v from events where stream_id = ?',
    [streamId],
  );
  const v = rows[0]?.v;
  return v === null || v === undefined ? null : BigInt(v);
}
