import type { EventStore } from '../../../../ops/eventstore/port.ts';
import { blockStreamId, type EntitiesRecordedData } from '../../../../schemas/events/entityBlockEvents.ts';

/** An entity as a pass recorded it: its record, or its values (a row of a file with a header). */
export interface RecordedEntity {
  register: string;
  kind: string;
  id: string;
  record?: Record<string, unknown>;
  values?: (string | null)[];
}

/**
 * What the log holds of the entities of a stream, whichever way their pass wrote them: the events of the
 * stream, then the rows of the register's block events (a first pass) whose entity's stream it is, as stored.
 */
export async function recordedEntities(
  store: EventStore,
  register: string,
  streamOf: (row: { kind: string; id: string }) => string,
  streamId: string,
): Promise<RecordedEntity[]> {
  const own = (await store.readStream(streamId)).map((e) => e.data as RecordedEntity);
  const blocks = (await store.readStream(blockStreamId(register))).map((e) => e.data as EntitiesRecordedData);
  const inBlocks = blocks.flatMap((b) =>
    b.ids.flatMap((id, i) =>
      streamOf({ kind: b.kind, id }) === streamId
        ? [
            {
              register: b.register,
              kind: b.kind,
              id,
              ...(b.records ? { record: b.records[i]! } : {}),
              ...(b.values ? { values: b.values[i]! } : {}),
            },
          ]
        : [],
    ),
  );
  return [...own, ...inBlocks];
}
