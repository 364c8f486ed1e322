import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import readline from 'node:readline';
import { parser } from 'stream-json';
import { pick } from 'stream-json/filters/pick.js';
import { streamArray } from 'stream-json/streamers/stream-array.js';

/** Which OpenDataSoft shape a file holds; each gives the same flat records. */
export type OdsLayout = 'jsonl' | 'json_array' | 'records_v1' | 'results_v21';

/**
 * The records of an OpenDataSoft (DILA) export, flat, with the dataset's own field names, whatever the
 * shape: `/exports/jsonl` (one record per line), `/exports/json` (one array), a v2.1 `records` answer
 * (`{total_count, results: [...]}`) or a v1 search answer (`{nhits, records: [{fields: {...}}]}`). Streamed:
 * an export of millions of records is never held in memory. The layout is read from the file, never assumed.
 */
export async function* readOdsExport(file: string): AsyncGenerator<Record<string, unknown>> {
  const layout = await detectOdsLayout(file);
  if (layout === 'jsonl') {
    const lines = readline.createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
    for await (const line of lines) {
      if (line.trim() === '') continue;
      yield flatRecord(JSON.parse(line) as Record<string, unknown>);
    }
    return;
  }
  let stream: NodeJS.ReadableStream = createReadStream(file).pipe(parser.asStream());
  if (layout !== 'json_array') {
    stream = stream.pipe(pick.asStream({ filter: layout === 'records_v1' ? 'records' : 'results' }));
  }
  for await (const item of stream.pipe(streamArray.asStream()) as AsyncIterable<{ value: unknown }>) {
    yield flatRecord(item.value as Record<string, unknown>);
  }
}

/** A v1 record nests the dataset fields under `fields`; v2.1 and exports are flat already. */
function flatRecord(value: Record<string, unknown>): Record<string, unknown> {
  const fields = value.fields;
  if (fields && typeof fields === 'object' && !Array.isArray(fields) && 'datasetid' in value) {
    return fields as Record<string, unknown>;
  }
  return value;
}

/** Reads the head of the file: `[` is an array; an object on the first line alone is JSONL; else a search answer. */
export async function detectOdsLayout(file: string): Promise<OdsLayout> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const head = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    const trimmed = head.trimStart();
    if (trimmed.startsWith('[')) return 'json_array';
    if (!trimmed.startsWith('{')) throw new Error(`${file}: not an OpenDataSoft JSON or JSONL export`);
    const firstLine = trimmed.split('\n', 1)[0]!.trim();
    if (firstLine.endsWith('}')) {
      try {
        const value = JSON.parse(firstLine) as Record<string, unknown>;
        if (!('records' in value) && !('results' in value)) return 'jsonl';
      } catch {
        // Not a whole object on one line: a pretty-printed answer.
      }
    }
    if (/"records"\s*:/.test(head) || /"nhits"\s*:/.test(head)) return 'records_v1';
    if (/"results"\s*:/.test(head) || /"total_count"\s*:/.test(head)) return 'results_v21';
    throw new Error(`${file}: neither an export nor a records/results answer of OpenDataSoft`);
  } finally {
    await handle.close();
  }
}
