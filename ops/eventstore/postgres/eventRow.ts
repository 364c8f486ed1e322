import type { EventMetadata, RecordedEvent } from '../port.ts';

/** A row of `events` as pg returns it (bigint as string). Mapped to camelCase here and nowhere else. */
export interface EventRow {
  position: string;
  stream_id: string;
  stream_version: string;
  type: string;
  data: unknown;
  metadata: EventMetadata | null;
  /** `recorded_at` in whole milliseconds since the epoch (int8, as a string): see recordedMsColumn. */
  recorded_ms: string;
}

/**
 * `recorded_at` as the milliseconds a Date holds (truncated, as the driver's timestamptz parser truncates the
 * microseconds): a number is read in a fraction of the time that parser takes to read the timestamp's text,
 * which was 2 µs of every event a projection read (three reads per Sirene row). `alias`: the events table's.
 */
export const recordedMsColumn = (alias?: string) =>
  `floor(extract(epoch from ${alias ? `${alias}.` : ''}recorded_at) * 1000)::int8 as recorded_ms`;

export const EVENT_COLUMNS = `position, stream_id, stream_version, type, data, metadata, ${recordedMsColumn()}`;

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    position: BigInt(row.position),
    streamId: row.stream_id,
    streamVersion: BigInt(row.stream_version),
    type: row.type,
    data: row.data,
    metadata: row.metadata ?? {},
    recordedAt: new Date(Number(row.recorded_ms)),
  };
}
