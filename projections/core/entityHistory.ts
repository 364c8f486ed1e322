import type { Knex } from 'knex';
import type { EventStore, RecordedEvent } from '../../ops/eventstore/port.ts';
import { blockStreamId, ENTITIES_RECORDED } from '../../schemas/events/entityBlockEvents.ts';
import { isEntityEvent } from '../../schemas/events/entityEvents.ts';
import { rowEventsOf } from './entityHandlers.ts';
import { createValuesExpander } from './entityValuesUpcaster.ts';

/** The entity asked for, and the stream its per-entity events go to (the register manifest's `entityStreamOf`). */
export interface EntityRef {
  register: string;
  /** Its kind within the register; any kind when not given (an identifier names one entity). */
  kind?: string;
  id: string;
  streamId: string;
}

/**
 * An entity's history in log order, as the read side reads it: each block event that recorded it (a first
 * pass, a rebuild), reduced to the entity's own `EntityRecorded` (at the block's position, on the blocks
 * stream, its metadata naming the row's line, digest and file SHA-256), then its events on its own stream
 * (the changes between passes, daily updates, drops) of the same kind. Records come keyed by their columns.
 *
 * The blocks holding the entity are found through the index the log keeps with them
 * (`EventStore.entityBlocks`: each block's position and the entity's index there), each block read by its
 * position: no read of the register's blocks stream.
 */
export async function entityHistory(knex: Knex, store: EventStore, ref: EntityRef): Promise<RecordedEvent[]> {
  const expand = createValuesExpander(knex);
  const fromBlocks: RecordedEvent[] = [];
  const blockStream = blockStreamId(ref.register);
  for (const { position, index } of await store.entityBlocks(ref.register, ref.id, ref.kind)) {
    const [block] = await store.readAll(position - 1n, { limit: 1 });
    if (block?.streamId !== blockStream || block.type !== ENTITIES_RECORDED) continue;
    const row = rowEventsOf((await expand([block]))[0]!)[index];
    if ((row?.data as { id?: string } | undefined)?.id === ref.id) fromBlocks.push(row!);
  }
  const own = (await expand(await readWholeStream(store, ref.streamId))).filter((e) => {
    const data = e.data as { kind?: string; id?: string } | null;
    return (
      isEntityEvent(e.type) && (ref.kind === undefined || data?.kind === ref.kind) && data?.id === ref.id
    );
  });
  return [...fromBlocks, ...own].sort((a, b) =>
    a.position < b.position ? -1 : a.position > b.position ? 1 : 0,
  );
}

async function readWholeStream(store: EventStore, streamId: string): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (;;) {
    const page = await store.readStream(streamId, { fromVersion: BigInt(events.length), limit: 1000 });
    events.push(...page);
    if (page.length < 1000) return events;
  }
}
