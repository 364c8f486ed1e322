import type { NewEvent } from '../../ops/eventstore/port.ts';
import {
  ENTITIES_RECORDED,
  ENTITY_BLOCK_ROWS,
  type EntitiesRecordedData,
} from '../../schemas/events/entityBlockEvents.ts';
import type { DigestedValuesRow } from './digestedRows.ts';

/** What every block of a pass shares: its register, its metadata, and the SHA-256 of each kind's file. */
export interface BlockPass {
  register: string;
  /** Per kind, the SHA-256 of the file its rows are read from. */
  fileSha256Of: Readonly<Record<string, string>>;
  metadata: Record<string, unknown>;
}

/**
 * The block events (`EntitiesRecorded`) of rows stored as values: per kind, in the rows' order, at most
 * ENTITY_BLOCK_ROWS rows each. The event's JSON is joined from each row's values JSON (the digest's input),
 * so a row's values are serialised once for the whole pass.
 */
export function blockEventsOf(
  pass: BlockPass,
  rows: readonly DigestedValuesRow[],
  maxRows = ENTITY_BLOCK_ROWS,
): NewEvent<typeof ENTITIES_RECORDED, EntitiesRecordedData>[] {
  const byKind = new Map<string, DigestedValuesRow[]>();
  for (const row of rows) {
    const list = byKind.get(row.kind);
    if (list) list.push(row);
    else byKind.set(row.kind, [row]);
  }
  const events: NewEvent<typeof ENTITIES_RECORDED, EntitiesRecordedData>[] = [];
  for (const [kind, list] of byKind) {
    const fileSha256 = pass.fileSha256Of[kind];
    if (fileSha256 === undefined) throw new Error(`a block of ${kind} rows names no file SHA-256`);
    for (let start = 0; start < list.length; start += maxRows) {
      events.push(blockEvent(pass, kind, fileSha256, list.slice(start, start + maxRows)));
    }
  }
  return events;
}

function blockEvent(
  pass: BlockPass,
  kind: string,
  fileSha256: string,
  rows: readonly DigestedValuesRow[],
): NewEvent<typeof ENTITIES_RECORDED, EntitiesRecordedData> {
  const dataJson =
    `{"register":${JSON.stringify(pass.register)},"kind":${JSON.stringify(kind)},` +
    `"fileSha256":${JSON.stringify(fileSha256)},` +
    `"ids":${JSON.stringify(rows.map((r) => r.id))},` +
    `"lines":${JSON.stringify(rows.map((r) => r.line ?? null))},` +
    `"digests":${JSON.stringify(rows.map((r) => r.digest))},` +
    `"values":[${rows.map((r) => r.valuesJson).join(',')}]}`;
  return {
    type: ENTITIES_RECORDED,
    // Parsed only if an adapter reads `data` rather than `dataJson`.
    get data(): EntitiesRecordedData {
      return JSON.parse(dataJson) as EntitiesRecordedData;
    },
    dataJson,
    metadata: pass.metadata,
  };
}
