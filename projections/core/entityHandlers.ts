import type { Knex } from 'knex';
import {
  ENTITY_CHANGED,
  ENTITY_DROPPED,
  ENTITY_RECORDED,
  type EntityDroppedData,
  type EntityRecordedData,
} from '../../ingest/core/entityEvents.ts';
import type { RecordedEvent } from '../../ops/eventstore/port.ts';
import type { EventHandler, Projection } from './projection.ts';

/** How one kind of entity of one register lands in a projection's tables. Both must be idempotent. */
export interface EntityBinding {
  register: string;
  kind: string;
  /** Recorded or changed: the whole row as published. */
  upsert(trx: Knex.Transaction, data: EntityRecordedData, event: RecordedEvent): Promise<void>;
  drop(trx: Knex.Transaction, data: EntityDroppedData, event: RecordedEvent): Promise<void>;
}

/**
 * The entity-event handlers of a projection, dispatched on (register, kind): entity events of other
 * registers and kinds pass by untouched.
 */
export function entityHandlers(bindings: readonly EntityBinding[]): Projection['handlers'] {
  const find = (data: { register?: unknown; kind?: unknown } | null) =>
    bindings.find((b) => b.register === data?.register && b.kind === data?.kind);
  const upsert: EventHandler = async (trx, event) => {
    const data = event.data as EntityRecordedData;
    await find(data)?.upsert(trx, data, event);
  };
  const drop: EventHandler = async (trx, event) => {
    const data = event.data as EntityDroppedData;
    await find(data)?.drop(trx, data, event);
  };
  return { [ENTITY_RECORDED]: upsert, [ENTITY_CHANGED]: upsert, [ENTITY_DROPPED]: drop };
}
