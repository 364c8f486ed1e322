import type { Knex } from 'knex';
import type { NewEvent } from '../port.ts';
import { APPEND_LOCK_KEY, EVENTS_CHANNEL } from './schema.ts';

/**
 * The events of one append, as column arrays for one multi-row insert: one statement, one round trip,
 * whatever the count. Data and metadata travel as one JSON array text each (the events' JSON joined), not
 * as `jsonb[]` array literals: no per-element escaping here, and the server parses one document per column
 * instead of an array literal of quoted documents (measured: the literal's bind was most of the insert).
 */
export class EventRows {
  readonly streamIds: string[] = [];
  readonly versions: string[] = [];
  readonly types: string[] = [];
  private readonly data: string[] = [];
  private readonly metadata: string[] = [];

  push(streamId: string, version: bigint, event: NewEvent): void {
    this.streamIds.push(streamId);
    this.versions.push(version.toString());
    this.types.push(event.type);
    this.data.push(JSON.stringify(event.data ?? null));
    this.metadata.push(JSON.stringify(event.metadata ?? {}));
  }

  get length(): number {
    return this.types.length;
  }

  dataArray(): string {
    return `[${this.data.join(',')}]`;
  }

  metadataArray(): string {
    return `[${this.metadata.join(',')}]`;
  }
}

export async function takeAppendLock(trx: Knex.Transaction): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(?)', [APPEND_LOCK_KEY]);
}

/** Inserts in array order (positions follow it) and wakes subscribers at commit. Returns the last position. */
export async function insertEvents(trx: Knex.Transaction, rows: EventRows): Promise<bigint> {
  const result = await trx.raw<{ rows: { position: string }[] }>(
    `with inserted as (
       insert into events (stream_id, stream_version, type, data, metadata)
       select s, v, t, d::jsonb, m::jsonb
         from rows from (unnest(?::text[], ?::bigint[], ?::text[]), json_array_elements(?::json),
                         json_array_elements(?::json)) with ordinality as u(s, v, t, d, m, o)
        order by o
       returning position
     )
     select max(position) as position from inserted`,
    [rows.streamIds, rows.versions, rows.types, rows.dataArray(), rows.metadataArray()],
  );
  const last = result.rows[0]?.position ?? '0';
  await trx.raw('select pg_notify(?, ?)', [EVENTS_CHANNEL, last]);
  return BigInt(last);
}
