import type { NewEvent } from '../port.ts';

/**
 * The events of one append, as column arrays for one multi-row insert (the `events_append` and
 * `events_append_bulk` functions of schema.ts): one statement, one round trip, whatever the count. Data and metadata travel as one JSON array text each (the events' JSON joined), not
 * as `jsonb[]` array literals: no per-element escaping here, and the server parses one document per column
 * instead of an array literal of quoted documents (the literal's bind was most of the insert: bench
 * eventstore, bench/HISTORY.md).
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
