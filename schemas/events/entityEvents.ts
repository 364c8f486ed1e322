/**
 * The events a snapshot pass emits for the entities of a register, on the entity's stream. `record` is the
 * upstream row as published (source field names, identifiers as strings), so a projection can be rebuilt
 * from the log alone. Metadata carries `register`, `snapshotVersion` and the row's `rowSha256`.
 */
export const ENTITY_RECORDED = 'EntityRecorded';
export const ENTITY_CHANGED = 'EntityChanged';
export const ENTITY_DROPPED = 'EntityDropped';

export type EntityEventType = typeof ENTITY_RECORDED | typeof ENTITY_CHANGED | typeof ENTITY_DROPPED;

export interface EntityRecordedData {
  register: string;
  /** What the entity is within the register, e.g. `unite_legale`, `etablissement`. */
  kind: string;
  id: string;
  record: Record<string, unknown>;
}

/**
 * How a flat row of a register whose files have a header (Sirene) is stored in the log: the values alone, in
 * the order of the column names its pass declared once in `SnapshotStarted.columns[kind]`, and the metadata
 * names that pass (`pass`: the position of its `SnapshotStarted`). The event store reads it back as
 * `EntityRecordedData`, the record keyed by those names: consumers never see this form. Field names repeated
 * on every row made the events several times the file's size (bench sirene, bench/HISTORY.md).
 */
export interface EntityValuesData {
  register: string;
  kind: string;
  id: string;
  values: (string | null)[];
}

/** Same shape as EntityRecorded: the whole new row, not a difference. */
export type EntityChangedData = EntityRecordedData;

export interface EntityDroppedData {
  register: string;
  kind: string;
  id: string;
}

export function isEntityEvent(type: string): type is EntityEventType {
  return type === ENTITY_RECORDED || type === ENTITY_CHANGED || type === ENTITY_DROPPED;
}
