import type { Knex } from 'knex';
import type { RecordedEvent } from '../../ops/eventstore/port.ts';
import { ENTITIES_RECORDED, type EntitiesRecordedReadData } from '../../schemas/events/entityBlockEvents.ts';
import {
  ENTITY_CHANGED,
  ENTITY_DROPPED,
  ENTITY_RECORDED,
  type EntityDroppedData,
  type EntityRecordedData,
} from '../../schemas/events/entityEvents.ts';
import type { EventHandler, Projection, RunHandler } from './projection.ts';

/** One entity event with its data, as a binding's batch functions receive it. */
export interface EntityItem<D> {
  data: D;
  event: RecordedEvent;
}

/**
 * How one kind of entity of one register lands in a projection's tables. Every function must be idempotent.
 * `upsertMany` / `dropMany`, when given, do what `upsert` / `drop` would do for each item in order, in a few
 * statements: the runner hands them runs of consecutive events (a snapshot pass is millions of them). The
 * items of an `upsertMany` have distinct ids (a later event of the same entity supersedes an earlier one:
 * each carries the whole row).
 */
export interface EntityBinding {
  register: string;
  kind: string;
  /** Recorded or changed: the whole row as published. */
  upsert(trx: Knex.Transaction, data: EntityRecordedData, event: RecordedEvent): Promise<void>;
  drop(trx: Knex.Transaction, data: EntityDroppedData, event: RecordedEvent): Promise<void>;
  upsertMany?(trx: Knex.Transaction, items: readonly EntityItem<EntityRecordedData>[]): Promise<void>;
  dropMany?(trx: Knex.Transaction, items: readonly EntityItem<EntityDroppedData>[]): Promise<void>;
}

/**
 * The entity-event handlers of a projection, dispatched on (register, kind): entity events of other
 * registers and kinds pass by untouched. Spread into the projection: `...entityHandlers([...])`.
 *
 * A block event (`EntitiesRecorded`) is applied as the `EntityRecorded` of each of its rows (rowEventsOf).
 *
 * `kindsCommute`: applying a run's entities one binding after the other gives the same tables as log order
 * (each binding writes its own tables, and whatever it derives from another's is recomputed from the tables
 * as they end up). A run is then applied binding by binding, each entity's events still in log order: where
 * kinds alternate in the log (a unit, its head office, the next unit...), that is a few statements per run
 * instead of one per event.
 */
export function entityHandlers(
  bindings: readonly EntityBinding[],
  opts: { kindsCommute?: boolean } = {},
): Pick<Projection, 'handlers' | 'handleRun' | 'entities'> {
  const find = (data: { register?: unknown; kind?: unknown } | null) =>
    bindings.find((b) => b.register === data?.register && b.kind === data?.kind);
  const upsert: EventHandler = async (trx, event) => {
    const data = event.data as EntityRecordedData;
    await find(data)?.upsert(trx, data, event);
  };
  const upsertBlock: EventHandler = async (trx, event) => {
    if (!find(event.data as EntitiesRecordedReadData)) return;
    await handleRun(trx, [event]);
  };
  const drop: EventHandler = async (trx, event) => {
    const data = event.data as EntityDroppedData;
    await find(data)?.drop(trx, data, event);
  };
  // Consecutive events of one binding and one operation go together; the order of the segments is kept.
  const byBinding = (run: readonly RecordedEvent[]): readonly RecordedEvent[] => {
    const groups = new Map<EntityBinding, RecordedEvent[]>();
    for (const event of run) {
      const binding = find(event.data as EntityRecordedData | null);
      if (!binding) continue;
      const group = groups.get(binding);
      if (group) group.push(event);
      else groups.set(binding, [event]);
    }
    return [...groups.values()].flat();
  };
  const handleRun: RunHandler = async (trx, given) => {
    const run = given.some((e) => e.type === ENTITIES_RECORDED) ? given.flatMap(rowEventsOf) : given;
    const events = opts.kindsCommute ? byBinding(run) : run;
    let start = 0;
    while (start < events.length) {
      const first = events[start]!;
      const binding = find(first.data as EntityRecordedData | null);
      const dropping = first.type === ENTITY_DROPPED;
      let end = start + 1;
      while (
        end < events.length &&
        (events[end]!.type === ENTITY_DROPPED) === dropping &&
        find(events[end]!.data as EntityRecordedData | null) === binding
      ) {
        end++;
      }
      if (binding) await applySegment(trx, binding, dropping, events.slice(start, end));
      start = end;
    }
  };
  return {
    handlers: {
      [ENTITY_RECORDED]: upsert,
      [ENTITIES_RECORDED]: upsertBlock,
      [ENTITY_CHANGED]: upsert,
      [ENTITY_DROPPED]: drop,
    },
    handleRun,
    entities: {
      types: [ENTITY_RECORDED, ENTITIES_RECORDED, ENTITY_CHANGED, ENTITY_DROPPED],
      of: bindings.map(({ register, kind }) => ({ register, kind })),
    },
  };
}

/**
 * A block event as the `EntityRecorded` of each of its rows, in the block's order, at the block's position:
 * a binding sees the rows of a block pass as it sees those of a per-row pass (the metadata gains each row's
 * digest and line). Any other event is itself.
 */
export function rowEventsOf(event: RecordedEvent): RecordedEvent[] {
  if (event.type !== ENTITIES_RECORDED) return [event];
  const block = event.data as EntitiesRecordedReadData;
  return block.ids.map((id, i) => {
    const data: EntityRecordedData = {
      register: block.register,
      kind: block.kind,
      id,
      record: block.records[i]!,
    };
    return {
      ...event,
      type: ENTITY_RECORDED,
      data,
      metadata: {
        ...event.metadata,
        fileSha256: block.fileSha256,
        rowSha256: block.digests[i],
        line: block.lines[i],
        ...(block.entries ? { entry: block.entries[i] } : {}),
      },
    };
  });
}

async function applySegment(
  trx: Knex.Transaction,
  binding: EntityBinding,
  dropping: boolean,
  events: readonly RecordedEvent[],
): Promise<void> {
  if (dropping) {
    await dropAll(binding)(
      trx,
      events.map((event) => ({ data: event.data as EntityDroppedData, event })),
    );
    return;
  }
  const items = events.map((event) => ({ data: event.data as EntityRecordedData, event }));
  if (!binding.upsertMany) {
    for (const { data, event } of items) await binding.upsert(trx, data, event);
    return;
  }
  const latest = new Map<string, EntityItem<EntityRecordedData>>();
  for (const item of items) {
    latest.delete(item.data.id);
    latest.set(item.data.id, item);
  }
  await binding.upsertMany(trx, [...latest.values()]);
}

/** A binding written in batches only: what its upsert and drop of one event do is a batch of one. */
export type BatchBinding = Pick<EntityBinding, 'register' | 'kind'> &
  Required<Pick<EntityBinding, 'upsertMany' | 'dropMany'>>;

/** The binding whose single-event handlers are its batch functions on one item. */
export function batchBinding(binding: BatchBinding): EntityBinding {
  return {
    ...binding,
    upsert: (trx, data, event) => binding.upsertMany(trx, [{ data, event }]),
    drop: (trx, data, event) => binding.dropMany(trx, [{ data, event }]),
  };
}

/** The binding's batch upsert, or its upsert of each item in order when it has none. */
export const upsertAll =
  (binding: EntityBinding) =>
  async (trx: Knex.Transaction, items: readonly EntityItem<EntityRecordedData>[]): Promise<void> => {
    if (binding.upsertMany) await binding.upsertMany(trx, items);
    else for (const { data, event } of items) await binding.upsert(trx, data, event);
  };

/** The binding's batch drop, or its drop of each item in order when it has none. */
export const dropAll =
  (binding: EntityBinding) =>
  async (trx: Knex.Transaction, items: readonly EntityItem<EntityDroppedData>[]): Promise<void> => {
    if (binding.dropMany) await binding.dropMany(trx, items);
    else for (const { data, event } of items) await binding.drop(trx, data, event);
  };
