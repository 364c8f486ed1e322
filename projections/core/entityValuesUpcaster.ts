import type { Knex } from 'knex';
import type { RecordedEvent, Upcaster } from '../../ops/eventstore/port.ts';
import {
  ENTITIES_RECORDED,
  type EntitiesRecordedData,
  type EntitiesRecordedReadData,
} from '../../schemas/events/entityBlockEvents.ts';
import type { EntityRecordedData, EntityValuesData } from '../../schemas/events/entityEvents.ts';
import { SNAPSHOT_STARTED, type SnapshotStartedData } from '../../schemas/events/snapshotEvents.ts';

/**
 * The read side's upcaster (one per projection runner): an entity event whose data holds `values` and whose metadata names its
 * `pass` is read back as `{register, kind, id, record}`, the record keyed by the column names that pass's
 * `SnapshotStarted` declared for the kind, and its metadata gains the pass's `fileSha256`; a block event
 * (`EntitiesRecorded`) gets its rows as records (EntitiesRecordedReadData) the same way. A pass's columns
 * are read once (one query for every pass a read meets first) and kept: a logged event never changes.
 */
export function createValuesExpander(knex: Knex): Upcaster {
  const passes = new Map<string, Pick<SnapshotStartedData, 'columns' | 'fileSha256'>>();
  // One record builder per pass and kind, made when the pass is first met.
  const builders = new Map<string, RecordBuilder>();
  const builderOf = (pass: string, kind: string, names: readonly string[]) => {
    const key = `${pass} ${kind}`;
    let builder = builders.get(key);
    if (!builder) {
      builder = recordBuilder(names);
      builders.set(key, builder);
    }
    return builder;
  };
  return async (events) => {
    const missing = new Set<string>();
    for (const event of events) {
      const pass = passOf(event);
      if (pass !== null && !passes.has(pass)) missing.add(pass);
    }
    if (missing.size > 0) {
      const { rows } = await knex.raw<{
        rows: { position: string; columns: SnapshotStartedData['columns']; file_sha256: string }[];
      }>(
        `select position, data->'columns' as columns, data->>'fileSha256' as file_sha256 from events
          where position = any(?::bigint[]) and type = ?`,
        [[...missing], SNAPSHOT_STARTED],
      );
      for (const r of rows)
        passes.set(String(r.position), { columns: r.columns ?? {}, fileSha256: r.file_sha256 });
    }
    for (const event of events) {
      const pass = passOf(event);
      if (pass === null) continue;
      if (event.type === ENTITIES_RECORDED) {
        event.data = blockRecords(event, passes.get(pass)?.columns, (kind, names) =>
          builderOf(pass, kind, names),
        );
        continue;
      }
      const data = event.data as EntityValuesData;
      const started = passes.get(pass);
      const names = started?.columns?.[data.kind];
      if (!names || names.length !== data.values.length) {
        throw new Error(
          `event ${event.position}: its pass (SnapshotStarted at ${pass}) declares no ${data.values.length} columns for ${data.kind}`,
        );
      }
      const record = builderOf(pass, data.kind, names)(data.values);
      const expanded: EntityRecordedData = { register: data.register, kind: data.kind, id: data.id, record };
      event.data = expanded;
      event.metadata = { ...event.metadata, fileSha256: started!.fileSha256 };
    }
    return events;
  };
}

/** A block event's rows as records (EntitiesRecordedReadData), keyed by the column names of its pass. */
function blockRecords(
  event: RecordedEvent,
  columns: SnapshotStartedData['columns'],
  builderOf: (kind: string, names: readonly string[]) => RecordBuilder,
): EntitiesRecordedReadData {
  // Only a block of values comes here (passOf); a block of records is read as stored.
  const { values = [], records: _records, ...block } = event.data as EntitiesRecordedData;
  const names = columns?.[block.kind];
  if (!names || values.some((row) => row.length !== names.length)) {
    throw new Error(
      `event ${event.position}: its pass (SnapshotStarted at ${String(event.metadata.pass)}) declares no columns for every ${block.kind} row of its block`,
    );
  }
  const build = builderOf(block.kind, names);
  return { ...block, records: values.map(build) };
}

/** Builds a record from values in the order of its column names. */
export type RecordBuilder = (values: readonly (string | null)[]) => Record<string, string | null>;

/**
 * The record builder of a column list: one object literal naming every column, compiled once per list. Adding
 * fifty-odd properties one at a time took about 5 µs a record (a Sirene establishment), for every projection
 * reading the event; the literal takes a fifth of a microsecond. The names are data (a file's header), so
 * they enter the code only as JSON string literals, which JavaScript reads as the same strings and nothing
 * else; a name repeated keeps its last value.
 */
export function recordBuilder(names: readonly string[]): RecordBuilder {
  // `__proto__` is written as a computed key: a plain one would set the record's prototype, not a property.
  const keyOf = (name: string) => (name === '__proto__' ? `[${JSON.stringify(name)}]` : JSON.stringify(name));
  const members = names.map((name, i) => `${keyOf(name)}: values[${i}]`).join(',\n');
  return new Function('values', `return {\n${members}\n};`) as RecordBuilder;
}

/** The pass of an entity event stored as values, else null. */
function passOf(event: RecordedEvent): string | null {
  const pass = event.metadata.pass;
  if (typeof pass !== 'string') return null;
  const values = (event.data as { values?: unknown } | null)?.values;
  return Array.isArray(values) ? pass : null;
}
