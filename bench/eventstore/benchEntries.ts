import type { BulkAppendEntry, NewEvent } from '../../ops/eventstore/port.ts';

/** The small event of the event-log benchmark, number `i`. */
export function benchEvent(i: number): NewEvent {
  return { type: 'EntityRecorded', data: { siren: '552100554', n: i }, metadata: { register: 'bench' } };
}

export function benchStreamId(i: number): string {
  return `bench-${i}`;
}

/** `count` entries, one event each, on distinct streams `bench-0`, `bench-1`, ...: generated lazily. */
export function* benchEntries(count: number): Generator<BulkAppendEntry> {
  for (let i = 0; i < count; i++) yield { streamId: benchStreamId(i), events: [benchEvent(i)] };
}

/** One row of the bare table, as the event log would store it (every stream is new: version 0). */
export interface BareRow {
  streamId: string;
  version: string;
  type: string;
  data: string;
  metadata: string;
}

/** The same events as `benchEntries`, as rows, in arrays of `batch`. */
export function* bareRowBatches(count: number, batch: number): Generator<BareRow[]> {
  let rows: BareRow[] = [];
  for (let i = 0; i < count; i++) {
    const e = benchEvent(i);
    rows.push({
      streamId: benchStreamId(i),
      version: '0',
      type: e.type,
      data: JSON.stringify(e.data ?? null),
      metadata: JSON.stringify(e.metadata ?? {}),
    });
    if (rows.length >= batch) {
      yield rows;
      rows = [];
    }
  }
  if (rows.length > 0) yield rows;
}
