import type { Knex } from 'knex';
import { isServerSession, namedRead, namedStatement } from '../../database/namedStatements.ts';
import type { BulkAppendEntry, BulkAppendResult } from '../port.ts';
import { copyToStream } from './copyToStream.ts';
import { entityBlockRowsOf, insertEntityBlockRows } from './entityBlockRows.ts';
import { EventRows } from './insertEvents.ts';
import { APPEND_LOCK_KEY, EVENTS_CHANNEL } from './schema.ts';

/**
 * Appends many streams' events in batches, each batch one statement under the append lock (the
 * `events_append_bulk` function): versions are read for the batch's streams, then every event goes in with
 * one multi-row insert. No version check: snapshot passes own their entity streams.
 */
export async function appendBulk(
  knex: Knex,
  entries: AsyncIterable<BulkAppendEntry> | Iterable<BulkAppendEntry>,
  opts: { batchEvents?: number } = {},
): Promise<BulkAppendResult> {
  const limit = opts.batchEvents ?? 5000;
  let pending: BulkAppendEntry[] = [];
  let pendingCount = 0;
  let total = 0;
  let lastPosition = 0n;

  const flush = async () => {
    if (pendingCount === 0) return;
    const batch = pending;
    pending = [];
    pendingCount = 0;
    lastPosition = await writeBatch(knex, batch);
  };

  /** Takes an entry; true when the batch is full. */
  const take = (entry: BulkAppendEntry) => {
    if (entry.events.length === 0) return false;
    pending.push(entry);
    pendingCount += entry.events.length;
    total += entry.events.length;
    return pendingCount >= limit;
  };
  // An array (a snapshot pass's batch) is taken in one go: `for await` would yield to the event loop
  // between entries, so the append would only start once everything else this process runs meanwhile (the
  // reading of the next batch) had taken its turns (bench sirene, bench/HISTORY.md).
  if (Symbol.iterator in entries) {
    for (const entry of entries) if (take(entry)) await flush();
  } else {
    for await (const entry of entries) if (take(entry)) await flush();
  }
  await flush();
  return { events: total, lastPosition };
}

const APPEND_BULK_STATEMENT = 'registres_events_append_bulk_jsonb';

/** The largest data array (JSON text, in characters) written into the append's statement as a literal. */
const INLINE_APPEND_MAX_CHARS = 64 * 1024;

/**
 * A `text[]` as the array literal PostgreSQL reads (`{"a","b"}`, each element quoted, `\` and `"` escaped):
 * the text `pg` binds for a JavaScript array of strings.
 */
function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}

/**
 * One statement (`events_append_bulk`, schema.ts): lock, versions, insert and wake-up, at the server. A batch
 * of one stream (a pass's block events) on a PostgreSQL server goes in with COPY instead (copyToStream.ts).
 */
async function writeBatch(knex: Knex, batch: BulkAppendEntry[]): Promise<bigint> {
  const streamId = batch[0]!.streamId;
  if (isServerSession(knex) && batch.every((e) => e.streamId === streamId)) {
    return copyToStream(
      knex,
      streamId,
      batch.flatMap((e) => e.events),
    );
  }
  const rows = new EventRows();
  for (const entry of batch) for (const e of entry.events) rows.push(entry.streamId, 0n, e);
  const sql =
    'select last_position::text from events_append_bulk(?::text[], ?::text[], ?::jsonb, ?::jsonb, ?, ?)';
  const bindings = [
    rows.streamIds,
    rows.types,
    rows.dataArray(),
    rows.metadataArray(),
    APPEND_LOCK_KEY,
    EVENTS_CHANNEL,
  ];
  const indexed = batch.filter((entry) => entry.events.some((e) => e.entityRows));
  if (indexed.length === 0) {
    const data = rows.dataArray();
    // A few small events (a live register's observations, appended before the answer is given): on the
    // embedded database one `EXECUTE` of the statement prepared in its session, its values written in, where
    // the extended protocol's five messages each took a turn of their own (BENCHMARKS.md, fr-live). A pass's
    // batches keep their bound parameters: megabytes of JSON are not written into a statement's text.
    const result =
      data.length <= INLINE_APPEND_MAX_CHARS
        ? await namedRead<{ rows: { last_position: string | null }[] }>(knex, APPEND_BULK_STATEMENT, sql, [
            arrayLiteral(rows.streamIds),
            arrayLiteral(rows.types),
            data,
            rows.metadataArray(),
            APPEND_LOCK_KEY,
            EVENTS_CHANNEL,
          ])
        : await namedStatement<{ rows: { last_position: string | null }[] }>(
            knex,
            APPEND_BULK_STATEMENT,
            sql,
            bindings,
          );
    return BigInt(result.rows[0]?.last_position ?? '0');
  }
  // Block events: their entities go to entity_block_rows in the same transaction, under the append lock the
  // function took (held until the commit), so each stream's appended events are its last ones.
  return knex.transaction(async (trx) => {
    const result = await trx.raw<{ rows: { last_position: string | null }[] }>(sql, bindings);
    for (const streamId of new Set(indexed.map((entry) => entry.streamId))) {
      const events = batch.filter((entry) => entry.streamId === streamId).flatMap((entry) => entry.events);
      const { rows: last } = await trx.raw<{ rows: { p: string }[] }>(
        'select position::text as p from events where stream_id = ? order by stream_version desc limit ?',
        [streamId, events.length],
      );
      const positions = last.map((r) => r.p).reverse();
      await insertEntityBlockRows(trx, entityBlockRowsOf(events, positions));
    }
    return BigInt(result.rows[0]?.last_position ?? '0');
  });
}
