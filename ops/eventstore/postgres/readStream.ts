import type { Knex } from 'knex';
import { namedStatement } from '../../database/namedStatements.ts';
import type { RecordedEvent } from '../port.ts';
import { EVENT_COLUMNS, type EventRow, toRecordedEvent } from './eventRow.ts';

export async function readStream(
  knex: Knex,
  streamId: string,
  opts: { fromVersion?: bigint; limit?: number } = {},
): Promise<RecordedEvent[]> {
  const { rows } = await namedStatement<{ rows: EventRow[] }>(
    knex,
    'registres_events_read_stream',
    `select ${EVENT_COLUMNS} from events
      where stream_id = ? and stream_version >= ?
      order by stream_version
      limit ?`,
    [streamId, (opts.fromVersion ?? 0n).toString(), opts.limit ?? 1_000_000],
  );
  const events = rows.map(toRecordedEvent);
  return events;
}
