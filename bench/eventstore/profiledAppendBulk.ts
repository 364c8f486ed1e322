import type { Knex } from 'knex';
import type { BulkAppendEntry } from '../../ops/eventstore/port.ts';
import { eventRowsOf } from '../../ops/eventstore/postgres/appendBulk.ts';
import { insertEvents, takeAppendLock } from '../../ops/eventstore/postgres/insertEvents.ts';
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
 * A copy of the adapter's bulk path (ops/eventstore/postgres/appendBulk.ts), reusing its lock and insert,
 * with the version lookup swappable and each step timed (seconds, summed into `steps[k]` for the k-th
 * slice of the run). For measurement only.
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
