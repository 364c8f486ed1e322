import type { Knex } from 'knex';
import type { BulkAppendEntry } from '../../ops/eventstore/port.ts';
import { appendedPayload, EventRows } from '../../ops/eventstore/postgres/insertEvents.ts';
import { APPEND_LOCK_KEY, EVENTS_CHANNEL } from '../../ops/eventstore/postgres/schema.ts';
import { now } from '../core/timing.ts';

/** How the prototype finds the current versions of a batch's streams. */
export type VersionLookup =
  /** As the adapter does today: `where stream_id = any($1) group by stream_id`. */
  | 'any'
  /** One probe per stream through a join on unnest: `max()` per stream via the unique index. */
  | 'join'
  /** No lookup (every stream assumed new): to measure what the lookup costs, not a valid adapter. */
  | 'none';

export interface StepTimes {
  batches: number;
  lock: number;
  lookup: number;
  insert: number;
  commit: number;
}

export function emptySteps(): StepTimes {
  return { batches: 0, lock: 0, lookup: 0, insert: 0, commit: 0 };
}

/**
 * The adapter's bulk path as it was until 2026-11-24 (a transaction of several statements: lock, version
 * lookup, insert, notify; the adapter now sends one, `events_append_bulk`), with the version lookup
 * swappable and each step timed (seconds, summed into `steps[k]` for the k-th slice of the run). For
 * measurement only.
 */
export async function profiledAppendBulk(
  knex: Knex,
  entries: Iterable<BulkAppendEntry>,
  opts: { batchEvents: number; lookup: VersionLookup; total: number; steps: StepTimes[] },
): Promise<number> {
  let pending: BulkAppendEntry[] = [];
  let count = 0;
  let written = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    count = 0;
    const slice = Math.min(opts.steps.length - 1, Math.floor((written / opts.total) * opts.steps.length));
    const s = opts.steps[slice]!;
    let t = now();
    const lap = () => {
      const n = now();
      const seconds = Number(n - t) / 1e9;
      t = n;
      return seconds;
    };
    const trx = await knex.transaction();
    try {
      await takeAppendLock(trx);
      s.lock += lap();
      const versions = await lookupVersions(trx, batch, opts.lookup);
      s.lookup += lap();
      await insertEvents(trx, eventRowsOf(batch, versions));
      s.insert += lap();
      await trx.commit();
      s.commit += lap();
      s.batches += 1;
    } catch (err) {
      await trx.rollback();
      throw err;
    }
    for (const e of batch) written += e.events.length;
  };
  for (const entry of entries) {
    pending.push(entry);
    count += entry.events.length;
    if (count >= opts.batchEvents) await flush();
  }
  await flush();
  return written;
}

async function lookupVersions(
  trx: Knex.Transaction,
  batch: BulkAppendEntry[],
  how: VersionLookup,
): Promise<Map<string, bigint>> {
  if (how === 'none') return new Map();
  const streamIds = [...new Set(batch.map((e) => e.streamId))];
  const sql =
    how === 'any'
      ? 'select stream_id, max(stream_version) as v from events where stream_id = any(?::text[]) group by stream_id'
      : `select s.id as stream_id, v.v
           from unnest(?::text[]) as s(id)
           cross join lateral (select max(stream_version) as v from events where stream_id = s.id) as v
          where v.v is not null`;
  const { rows } = await trx.raw<{ rows: { stream_id: string; v: string }[] }>(sql, [streamIds]);
  return new Map(rows.map((r) => [r.stream_id, BigInt(r.v)]));
}

async function takeAppendLock(trx: Knex.Transaction): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(?)', [APPEND_LOCK_KEY]);
}

/** Inserts in array order (positions follow it) and wakes subscribers at commit. Returns the last position. */
async function insertEvents(trx: Knex.Transaction, rows: EventRows): Promise<bigint> {
  const result = await trx.raw<{ rows: { first: string; position: string; schema: string }[] }>(
    `with inserted as (
       insert into events (stream_id, stream_version, type, data, metadata)
       select s, v, t, d::jsonb, m::jsonb
         from rows from (unnest(?::text[], ?::bigint[], ?::text[]), json_array_elements(?::json),
                         json_array_elements(?::json)) with ordinality as u(s, v, t, d, m, o)
        order by o
       returning position
     )
     select min(position) as first, max(position) as position, current_schema() as schema from inserted`,
    [rows.streamIds, rows.versions, rows.types, rows.dataArray(), rows.metadataArray()],
  );
  const row = result.rows[0];
  const last = row?.position ?? '0';
  await trx.raw('select pg_notify(?, ?)', [
    EVENTS_CHANNEL,
    appendedPayload(row?.schema ?? '', row?.first ?? '0', last, rows.types),
  ]);
  return BigInt(last);
}

/** The batch's events numbered from each stream's current version (`versions`: absent = new stream). */
function eventRowsOf(batch: readonly BulkAppendEntry[], versions: Map<string, bigint>): EventRows {
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
