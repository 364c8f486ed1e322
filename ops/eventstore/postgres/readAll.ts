import type { Knex } from 'knex';
import { namedStatement } from '../../database/namedStatements.ts';
import type { RecordedEvent } from '../port.ts';
import type { ValuesExpander } from './entityValues.ts';
import { EVENT_COLUMNS, type EventRow, toRecordedEvent } from './eventRow.ts';

/**
 * Ordered by position. Safe under concurrent writers because appends hold a transaction-scoped advisory
 * lock from before they take positions until they commit (insertEvents.ts): position n+1 can only be
 * allocated after n's transaction has committed, so a reader never sees a gap that later fills.
 */
export async function readAll(
  knex: Knex,
  from: bigint,
  opts: { limit?: number } = {},
  expand?: ValuesExpander,
): Promise<RecordedEvent[]> {
  const { rows } = await namedStatement<{ rows: EventRow[] }>(
    knex,
    'registres_events_read_all',
    `select ${EVENT_COLUMNS} from events where position > ? order by position limit ?`,
    [from.toString(), opts.limit ?? 1000],
  );
  const events = rows.map(toRecordedEvent);
  return expand ? expand(events) : events;
}

export async function headPosition(knex: Knex): Promise<bigint> {
  const { rows } = await knex.raw<{ rows: { p: string | null }[] }>('select max(position) as p from events');
  return BigInt(rows[0]?.p ?? '0');
}
