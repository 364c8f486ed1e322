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
    this.data.push(event.dataJson ?? JSON.stringify(event.data ?? null));
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

/**
 * The wake-up of an append: `<schema> <first> <last> <types>` (the schema of the events table, since one
 * database's channel is shared by its schemas; the positions of the append; its distinct event types joined
 * by commas). Subscribers may pass over an append holding none of their types (see subscribe.ts).
 */
export function appendedPayload(
  schema: string,
  first: string,
  last: string,
  types: readonly string[],
): string {
  return `${schema} ${first} ${last} ${[...new Set(types)].join(',')}`;
}

export interface AppendedRange {
  schema: string;
  first: bigint;
  last: bigint;
  types: string[];
}

/** The append a wake-up describes, or null for any other payload (then it only wakes). */
export function parseAppendedPayload(payload: string): AppendedRange | null {
  const m = /^(\S+) (\d+) (\d+) (\S*)$/.exec(payload);
  if (!m) return null;
  return { schema: m[1]!, first: BigInt(m[2]!), last: BigInt(m[3]!), types: m[4] ? m[4].split(',') : [] };
}
