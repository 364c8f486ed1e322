import type { EventMetadata, RecordedEvent } from '../port.ts';

/** A row of `events` as pg returns it (bigint as string). Mapped to camelCase here and nowhere else. */
export interface EventRow {
  position: string;
  stream_id: string;
  stream_version: string;
  type: string;
  data: unknown;
  metadata: EventMetadata | null;
  recorded_at: Date;
}

export const EVENT_COLUMNS = 'position, stream_id, stream_version, type, data, metadata, recorded_at';

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    position: BigInt(row.position),
    streamId: row.stream_id,
    streamVersion: BigInt(row.stream_version),
    type: row.type,
    data: row.data,
    metadata: row.metadata ?? {},
    recordedAt: row.recorded_at,
  };
}
