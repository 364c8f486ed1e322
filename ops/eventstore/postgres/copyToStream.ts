import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import { from as copyFrom } from 'pg-copy-streams';
import type { NewEvent } from '../port.ts';
import { copyEntityBlockRows, copyText, entityBlockRowsOf } from './entityBlockRows.ts';
import { APPEND_LOCK_KEY, EVENTS_CHANNEL } from './schema.ts';

/**
 * Appends events to ONE stream with `COPY events FROM STDIN` (PostgreSQL servers only: the embedded database
 * takes no COPY from a client): the events' JSON goes to the server as it is, not as a bound parameter parsed
 * into an array first. Used for a pass's block events (large events, one stream). The same guarantees as the
 * append functions of schema.ts: under the append lock until the commit (readers never see a gap), versions
 * after the stream's last, subscribers woken with the append's positions and types. No version check. The
 * entities the events record (NewEvent.entityRows) go to `entity_block_rows` by COPY, in the same transaction.
 */
export async function copyToStream(
  knex: Knex,
  streamId: string,
  events: readonly NewEvent[],
): Promise<bigint> {
  return knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [APPEND_LOCK_KEY]);
    const { rows } = await trx.raw<{ rows: { v: string }[] }>(
      'select coalesce(max(stream_version), -1)::text as v from events where stream_id = ?',
      [streamId],
    );
    const tail = BigInt(rows[0]!.v);
    const chunks = copyChunks(
      events.map((e, i) => [
        `${copyText(streamId)}\t${tail + BigInt(i) + 1n}\t${copyText(e.type)}\t`,
        copyText(e.dataJson ?? JSON.stringify(e.data ?? null)),
        `\t${copyText(JSON.stringify(e.metadata ?? {}))}\n`,
      ]),
    );
    // The transaction's own connection (knex hands it back to a transaction's client).
    const connection = (await (
      trx.client as { acquireConnection(): Promise<unknown> }
    ).acquireConnection()) as { query(stream: unknown): NodeJS.WritableStream };
    const copy = connection.query(
      copyFrom('copy events (stream_id, stream_version, type, data, metadata) from stdin'),
    );
    await pipeline(Readable.from(chunks), copy);
    if (events.some((e) => e.entityRows)) {
      const positions = await trx.raw<{ rows: { p: string }[] }>(
        'select position::text as p from events where stream_id = ? and stream_version > ? order by stream_version',
        [streamId, tail.toString()],
      );
      await copyEntityBlockRows(
        connection,
        entityBlockRowsOf(
          events,
          positions.rows.map((r) => r.p),
        ),
      );
    }
    const types = [...new Set(events.map((e) => e.type))].join(',');
    const done = await trx.raw<{ rows: { last: string | null }[] }>(
      `with appended as (
         select min(position) as first, max(position) as last from events where stream_id = ? and stream_version > ?
       )
       select last::text, pg_notify(?, current_schema() || ' ' || first::text || ' ' || last::text || ' ' || ?)
         from appended`,
      [streamId, tail.toString(), EVENTS_CHANNEL, types],
    );
    return BigInt(done.rows[0]?.last ?? '0');
  });
}

/** From this length on, an event's data is a chunk of its own (copyChunks). */
const OWN_CHUNK_CHARS = 64 * 1024;

/**
 * The COPY's text as chunks: the lines of small events joined together (pg-copy-streams writes each chunk to
 * the socket as two writes), a large event's data (a block event's megabytes) a chunk of its own, as the
 * event holds it: put inside its line, it would be copied whole once more to make that line one string
 * before being encoded.
 */
function copyChunks(lines: readonly (readonly [string, string, string])[]): string[] {
  const chunks: string[] = [];
  let pending = '';
  for (const [head, data, end] of lines) {
    if (data.length < OWN_CHUNK_CHARS) {
      pending += head + data + end;
      continue;
    }
    chunks.push(pending + head, data);
    pending = end;
  }
  if (pending !== '') chunks.push(pending);
  return chunks;
}
