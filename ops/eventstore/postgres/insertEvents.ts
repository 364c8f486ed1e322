import type { Knex } from 'knex';
import { APPEND_LOCK_KEY, EVENTS_CHANNEL } from './schema.ts';

/** Column arrays for one multi-row insert through `unnest`: one statement, one round trip, whatever the count. */
export interface EventColumns {
  streamIds: string[];
  versions: string[];
  types: string[];
  data: string[];
  metadata: string[];
}

export function emptyColumns(): EventColumns {
  return { streamIds: [], versions: [], types: [], data: [], metadata: [] };
}

export async function takeAppendLock(trx: Knex.Transaction): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(?)', [APPEND_LOCK_KEY]);
}

/** Inserts in array order (positions follow it) and wakes subscribers at commit. Returns the last position. */
export async function insertEvents(trx: Knex.Transaction, cols: EventColumns): Promise<bigint> {
  const result = await trx.raw<{ rows: { position: string }[] }>(
    `with inserted as (
       insert into events (stream_id, stream_version, type, data, metadata)
       select s, v, t, d, m
         from unnest(?::text[], ?::bigint[], ?::text[], ?::jsonb[], ?::jsonb[]) with ordinality as u(s, v, t, d, m, o)
        order by o
       returning position
     )
     select max(position) as position from inserted`,
    [cols.streamIds, cols.versions, cols.types, cols.data, cols.metadata],
  );
  const last = result.rows[0]?.position ?? '0';
  await trx.raw('select pg_notify(?, ?)', [EVENTS_CHANNEL, last]);
  return BigInt(last);
}
