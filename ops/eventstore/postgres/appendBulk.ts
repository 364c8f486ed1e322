import type { Knex } from 'knex';
import type { BulkAppendEntry, BulkAppendResult } from '../port.ts';
import { EventRows, insertEvents, takeAppendLock } from './insertEvents.ts';

/**
 * Appends many streams' events in batches, each batch one transaction under the append lock: versions are
 * read for the batch's streams, then every event goes in with one multi-row insert. No version check:
 * snapshot passes own their entity streams.
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
    lastPosition = await knex.transaction((trx) => writeBatch(trx, batch));
  };

  for await (const entry of entries) {
    if (entry.events.length === 0) continue;
    pending.push(entry);
    pendingCount += entry.events.length;
    total += entry.events.length;
    if (pendingCount >= limit) await flush();
  }
  await flush();
  return { events: total, lastPosition };
}

async function writeBatch(trx: Knex.Transaction, batch: BulkAppendEntry[]): Promise<bigint> {
  await takeAppendLock(trx);
  const streamIds = [...new Set(batch.map((e) => e.streamId))];
  // One index probe per stream (a lateral max): `stream_id = any(...) group by` let the planner scan more of
  // the index as the table grew, and the bulk path slowed down with it (BENCHMARKS.md, "version lookup").
  const { rows } = await trx.raw<{ rows: { stream_id: string; v: string }[] }>(
    `select s.id as stream_id, v.v
       from unnest(?::text[]) as s(id)
       cross join lateral (select max(stream_version) as v from events where stream_id = s.id) as v
      where v.v is not null`,
    [streamIds],
  );
  const versions = new Map<string, bigint>(rows.map((r) => [r.stream_id, BigInt(r.v)]));
  return insertEvents(trx, eventRowsOf(batch, versions));
}

/** The batch's events numbered from each stream's current version (`versions`: absent = new stream). */
export function eventRowsOf(batch: readonly BulkAppendEntry[], versions: Map<string, bigint>): EventRows {
  const rows = new EventRows();
  for (const entry of batch) {
    let version = versions.get(entry.streamId) ?? -1n;
    for (const e of entry.events) {
      version += 1n;
      rows.push(entry.streamId, version, e);
    }
    versions.set(entry.streamId, version);
  }
  return rows;
}
