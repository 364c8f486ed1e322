import type { NewEvent } from '../../ops/eventstore/port.ts';
import {
  ENTITIES_RECORDED,
  ENTITY_BLOCK_CHARS,
  ENTITY_BLOCK_ROWS,
  type EntitiesRecordedData,
} from '../../schemas/events/entityBlockEvents.ts';
import type { DigestedRow, DigestedValuesRow } from './digestedRows.ts';
import type { SnapshotRow, ValuesRow } from './snapshotRow.ts';

/**
 * What every block of a pass shares: its register, its metadata, and the SHA-256 of each kind's file (a row
 * that names its own file, SnapshotRow.fileSha256, is in that file's block).
 */
export interface BlockPass {
  register: string;
  /**
   * The SHA-256 of the file a kind's rows are read from; undefined: its rows are not recorded in blocks,
   * unless a row names its file itself.
   */
  fileSha256Of: (kind: string) => string | undefined;
  /** The pass's SnapshotStarted position, as its events' metadata name it. */
  pass: string;
  metadata: Record<string, unknown>;
}

/** A row a block can hold: its values' JSON, or its record's canonical JSON. */
export type BlockRow = DigestedValuesRow | (DigestedRow & { json: string });

/** The SHA-256 of the file a row of the pass was read from (undefined: the row goes in no block). */
const fileOfRow = (pass: BlockPass, row: { kind: string; fileSha256?: string }): string | undefined =>
  row.fileSha256 ?? pass.fileSha256Of(row.kind);

/** Whether the pass records this row in a block: it names a file, and its JSON is at hand. */
export function goesInBlock(pass: BlockPass, row: DigestedRow<SnapshotRow | ValuesRow>): row is BlockRow {
  if (fileOfRow(pass, row) === undefined) return false;
  return 'valuesJson' in row || row.json !== null;
}

/**
 * The block events (`EntitiesRecorded`) of rows: per kind and file, in the rows' order, at most
 * ENTITY_BLOCK_ROWS rows and ENTITY_BLOCK_CHARS characters of their JSON each (at least one row), as values
 * (rows of a file with a header) or records. The event's JSON is joined from each row's JSON (the digest's
 * input), so a row is serialised once for the whole pass.
 */
export function blockEventsOf(
  pass: BlockPass,
  rows: readonly BlockRow[],
  maxRows = ENTITY_BLOCK_ROWS,
  maxChars = ENTITY_BLOCK_CHARS,
): NewEvent<typeof ENTITIES_RECORDED, EntitiesRecordedData>[] {
  // One kind, one file and one form (values or records) per block.
  const byKind = new Map<string, BlockRow[]>();
  for (const row of rows) {
    const key = `${'valuesJson' in row ? 'v' : 'r'} ${row.kind} ${row.fileSha256 ?? ''}`;
    const list = byKind.get(key);
    if (list) list.push(row);
    else byKind.set(key, [row]);
  }
  const events: NewEvent<typeof ENTITIES_RECORDED, EntitiesRecordedData>[] = [];
  for (const list of byKind.values()) {
    const kind = list[0]!.kind;
    const fileSha256 = fileOfRow(pass, list[0]!);
    if (fileSha256 === undefined) throw new Error(`a block of ${kind} rows names no file SHA-256`);
    let start = 0;
    let chars = 0;
    for (let end = 0; end < list.length; end++) {
      const row = list[end]!;
      const length = 'valuesJson' in row ? row.valuesJson.length : row.json.length;
      if (end > start && (end - start >= maxRows || chars + length > maxChars)) {
        events.push(blockEvent(pass, kind, fileSha256, list.slice(start, end)));
        start = end;
        chars = 0;
      }
      chars += length;
    }
    events.push(blockEvent(pass, kind, fileSha256, list.slice(start)));
  }
  return events;
}

function blockEvent(
  pass: BlockPass,
  kind: string,
  fileSha256: string,
  rows: readonly BlockRow[],
): NewEvent<typeof ENTITIES_RECORDED, EntitiesRecordedData> {
  const form = 'valuesJson' in rows[0]! ? 'values' : 'records';
  // A block proves its rows by their place in the file: a row its reader gave no line cannot be proven.
  const unplaced = rows.find((r) => typeof r.line !== 'number');
  if (unplaced)
    throw new Error(`${pass.register}: ${kind} ${unplaced.id} has no line in its file; block refused`);
  // Rows of an archive of several documents name their member (one block, one file: all of them or none).
  const inArchive = rows[0]!.entry !== undefined;
  const misfiled = rows.find((r) => (r.entry !== undefined) !== inArchive);
  if (misfiled)
    throw new Error(
      `${pass.register}: ${kind} ${misfiled.id} names no archive member as its block's rows do`,
    );
  // The rows' JSON, the event's head before the first and its end after the last, joined once: the event's
  // JSON (megabytes) is made flat by that one copy, where a head concatenated to the joined rows made a
  // string the COPY and the socket then copied whole again to flatten it (about 15 µs a row of ICPE's 900
  // bytes, bench public-record).
  const parts = rows.map((r) => ('valuesJson' in r ? r.valuesJson : r.json));
  parts[0] =
    `{"register":${JSON.stringify(pass.register)},"kind":${JSON.stringify(kind)},` +
    `"fileSha256":${JSON.stringify(fileSha256)},` +
    `"ids":${JSON.stringify(rows.map((r) => r.id))},` +
    `"lines":${JSON.stringify(rows.map((r) => r.line))},` +
    (inArchive ? `"entries":${JSON.stringify(rows.map((r) => r.entry))},` : '') +
    `"digests":${JSON.stringify(rows.map((r) => r.digest))},` +
    `"${form}":[${parts[0]}`;
  parts[parts.length - 1] = `${parts[parts.length - 1]}]}`;
  const dataJson = parts.join(',');
  return {
    type: ENTITIES_RECORDED,
    // Parsed only if an adapter reads `data` rather than `dataJson`.
    get data(): EntitiesRecordedData {
      return JSON.parse(dataJson) as EntitiesRecordedData;
    },
    dataJson,
    metadata: pass.metadata,
    // Filed by the log with the event, so that an entity's block is found without reading the stream.
    entityRows: { register: pass.register, kind, pass: pass.pass, ids: rows.map((r) => r.id) },
  };
}
