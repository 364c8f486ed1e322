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
