import { createHash, type Hash } from 'node:crypto';
import { canonicalJson, ownJsonIfCanonical } from '../../ops/json/canonicalJson.ts';
import type { SnapshotRow, ValuesRow } from './snapshotRow.ts';

/**
 * A row with its digest and, when known, the JSON of its record (in canonical order) or of its values: the
 * digest's input, which the event's data reuses (a values row keeps only that JSON, see DigestedValuesRow).
 */
export type DigestedRow<R extends SnapshotRow | ValuesRow = SnapshotRow> = R extends ValuesRow
  ? DigestedValuesRow
  : R & { digest: string; json: string | null };

/**
 * A ValuesRow once digested keeps its values only as their JSON, the digest's input and the event's data:
 * a batch waiting for its comparison holds one string per row, not an array of strings (what the garbage
 * collector has to copy while a batch is in flight).
 */
export interface DigestedValuesRow {
  kind: string;
  id: string;
  digest: string;
  /** `JSON.stringify(values)`. */
  valuesJson: string;
  /** The row's line in its file, when its reader counts them. */
  line?: number;
  /** The SHA-256 of the row's file, when the pass reads several (SnapshotRow.fileSha256). */
  fileSha256?: string;
  /** The archive member the row was read from (SnapshotRow.entry). */
  entry?: string;
}

/**
 * Counts the rows read and digests each one as it streams by: a record's digest is the SHA-256 of its
 * canonical JSON (a reordered export is no change); a ValuesRow's, of its kind's column names (in the order
 * given, the same for every row of a pass), a line feed and the JSON of its values.
 */
export async function* withDigests<R extends SnapshotRow | ValuesRow>(
  rows: AsyncIterable<R>,
  counts: { rows: number },
  columns: Record<string, string[]> = {},
): AsyncGenerator<DigestedRow<R>> {
  const prefixes = new Map<string, Hash>();
  const prefixOf = (kind: string): Hash => {
    let prefix = prefixes.get(kind);
    if (!prefix) {
      const names = columns[kind];
      if (!names)
        throw new Error(`rows of kind ${kind} come as values, but the pass declares no columns for it`);
      prefix = createHash('sha256').update(`${JSON.stringify(names)}\n`);
      prefixes.set(kind, prefix);
    }
    return prefix;
  };
  for await (const row of rows) {
    counts.rows++;
    if ('values' in row) {
      const valuesJson = JSON.stringify(row.values);
      const digest = prefixOf(row.kind).copy().update(valuesJson).digest('hex');
      const digested: DigestedValuesRow = { kind: row.kind, id: row.id, digest, valuesJson };
      if (row.line !== undefined) digested.line = row.line;
      if (row.fileSha256 !== undefined) digested.fileSha256 = row.fileSha256;
      if (row.entry !== undefined) digested.entry = row.entry;
      yield digested as DigestedRow<R>;
      continue;
    }
    // The canonical JSON is the digest's input and, being the record's JSON too (keys sorted; jsonb keeps no
    // order), the event's data: the row is serialised once.
    if (row.json !== undefined) {
      // Written by its reader: the row goes on as it came (copying it would read a `record` getter).
      const digest = createHash('sha256').update(row.json).digest('hex');
      yield Object.assign(row, { digest, json: row.json }) as DigestedRow<R>;
      continue;
    }
    const json = ownJsonIfCanonical(row.record) ?? canonicalJson(row.record);
    const digest = createHash('sha256').update(json).digest('hex');
    yield { ...row, digest, json } as DigestedRow<R>;
  }
}

/** `JSON.stringify(data)` of a row's entity event (register, kind, id, then `record` or `values`), from the row's JSON. */
export function entityDataJson(
  register: string,
  row: { kind: string; id: string },
  field: 'values' | 'record',
  json: string,
): string {
  return `{"register":${JSON.stringify(register)},"kind":${JSON.stringify(row.kind)},"id":${JSON.stringify(row.id)},"${field}":${json}}`;
}
