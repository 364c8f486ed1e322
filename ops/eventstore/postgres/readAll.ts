import type { Knex } from 'knex';
import { namedStatement } from '../../database/namedStatements.ts';
import type { EntityFilter, RecordedEvent, Upcaster } from '../port.ts';
import { EVENT_COLUMNS, type EventRow, recordedMsColumn, toRecordedEvent } from './eventRow.ts';

/**
 * Ordered by position. Safe under concurrent writers because appends hold a transaction-scoped advisory
 * lock from before they take positions until they commit (the append functions of schema.ts): position n+1
 * can only be allocated after n's transaction has committed, so a reader never sees a gap that later fills.
 */
export async function readAll(
  knex: Knex,
  from: bigint,
  opts: { limit?: number } = {},
  expand?: Upcaster,
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

/** The window of a read: its last position (`upto`) and how many events it spans (`n`). */
const WINDOW = `select max(position) as upto, count(*) as n
  from (select position from events where position > ? order by position limit ?) as s`;

/**
 * The window of a weighted read: the events up to `limit` positions after `from`, cut once the weights of
 * those before an event (each type's weight from the JSON object bound first, else 1) reach the limit; the
 * first event always in. A cut window counts as full (`n` = the limit): the reader reads on at once.
 */
const WEIGHTED_WINDOW = `select max(position) filter (where before < ?) as upto,
       case when max(before) >= ? then ?::bigint else count(*) end as n
  from (select position, sum(weight) over (order by position) - weight as before
          from (select position, coalesce((?::jsonb ->> type)::bigint, 1) as weight
                  from events where position > ? order by position limit ?) as l) as s`;

/** A read that leaves out the events the reader has no use for, and says how far it looked. */
export interface FilteredRead {
  events: RecordedEvent[];
  /** The last position of the window looked at (null: nothing after `from`); the reader moves past it. */
  scannedTo: bigint | null;
  /** How many events the window held: fewer than the limit means the reader is at the head. */
  scanned: number;
}

/**
 * The next `limit` positions after `from`, as `readAll` would read them, but only the events of `types`
 * (and, of `entities.types`, only those whose data names a listed register and kind) come back: the others
 * are neither sent nor parsed. The window and the filtered events come from one statement, so from one
 * snapshot: moving to `scannedTo` is as gap-safe as moving to the last event of a plain read (readAll).
 */
export async function readAllFiltered(
  knex: Knex,
  from: bigint,
  opts: {
    limit: number;
    types: ReadonlySet<string>;
    entities?: EntityFilter;
    weights?: Readonly<Record<string, number>>;
  },
  expand?: Upcaster,
): Promise<FilteredRead> {
  const entityTypes = [...(opts.entities?.types ?? [])];
  const entityKeys = (opts.entities?.of ?? []).map((e) => `${e.register} ${e.kind}`);
  const weighted = opts.weights !== undefined && Object.keys(opts.weights).length > 0;
  const window = weighted ? WEIGHTED_WINDOW : WINDOW;
  const windowBindings = weighted
    ? [opts.limit, opts.limit, opts.limit, JSON.stringify(opts.weights), from.toString(), opts.limit]
    : [from.toString(), opts.limit];
  const { rows } = await namedStatement<{
    rows: (Omit<EventRow, 'position'> & { position: string | null; upto: string | null; n: string })[];
  }>(
    knex,
    weighted ? 'registres_events_read_filtered_weighted' : 'registres_events_read_filtered',
    `with w as (${window})
     select e.position, e.stream_id, e.stream_version, e.type, e.data, e.metadata, ${recordedMsColumn('e')},
            w.upto::text as upto, w.n::text as n
       from w
       left join lateral (
         -- \`offset 0\` keeps this subquery whole, so that the window's end bounds the index scan (flattened,
         -- the planner scanned every position after \`from\` and filtered the join afterwards).
         select * from events e
          where e.position > ? and e.position <= w.upto
            and e.type = any(?::text[])
            -- The document is opened once (jsonb_to_record): two \`->>\` on a large TOASTed block event fetched
            -- and decompressed it twice, about 8 ms of a backend's CPU per 1.2 MB event and projection.
            and (e.type <> all(?::text[])
                 or (select r.register || ' ' || r.kind from jsonb_to_record(e.data) as r(register text, kind text))
                    = any(?::text[]))
          order by e.position
         offset 0
       ) as e on true
      order by e.position`,
    [...windowBindings, from.toString(), [...opts.types], entityTypes, entityKeys],
  );
  const first = rows[0];
  const scannedTo = first?.upto == null ? null : BigInt(first.upto);
  const scanned = Number(first?.n ?? 0);
  const events = rows.filter((r) => r.position !== null).map((r) => toRecordedEvent(r as EventRow));
  return { events: expand ? await expand(events) : events, scannedTo, scanned };
}

/** One read of a subscription: what it delivers, how far it looked (null: nothing after `from`), and whether it was full. */
export interface Window {
  batch: RecordedEvent[];
  scannedTo: bigint | null;
  full: boolean;
}

/** What a subscription reads: its event types and entity filter, as given to `subscribe`. */
export interface ReadFilter {
  types: ReadonlySet<string>;
  entities?: EntityFilter;
  /** Types weighing more than one event against the limit (SubscribeOptions.weights). */
  weights?: Readonly<Record<string, number>>;
}

/** The `limit` positions after `from`, of `filter` only (readAllFiltered), as one read of a subscription. */
export async function readWindow(
  knex: Knex,
  from: bigint,
  limit: number,
  filter: ReadFilter,
  upcast: Upcaster | undefined,
): Promise<Window> {
  const entities = filter.entities ? { entities: filter.entities } : {};
  const weights = filter.weights ? { weights: filter.weights } : {};
  const read = await readAllFiltered(
    knex,
    from,
    { limit, types: filter.types, ...entities, ...weights },
    upcast,
  );
  return { batch: read.events, scannedTo: read.scannedTo, full: read.scanned === limit };
}

export async function headPosition(knex: Knex): Promise<bigint> {
  const { rows } = await knex.raw<{ rows: { p: string | null }[] }>('select max(position) as p from events');
  return BigInt(rows[0]?.p ?? '0');
}
