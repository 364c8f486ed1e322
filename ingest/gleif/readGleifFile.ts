import type { Readable } from 'node:stream';
import { parser } from 'stream-json';
import { pick } from 'stream-json/filters/pick.js';
import { streamArray } from 'stream-json/streamers/stream-array.js';
import type { HeaderSink } from '../core/filesPass.ts';
import { readDelimitedNumbered } from '../core/readDelimited.ts';
import type { LinedSnapshotRow } from '../core/snapshotRow.ts';
import { openUpstreamFile } from '../core/upstreamFile.ts';
import { type GleifNode, nodeOfJson } from './gleifNode.ts';
import {
  entityRowOf,
  FIELDS_OF,
  type GleifRole,
  RECORD_ELEMENT,
  recordOfCsvRow,
  recordOfNode,
  type SetAsideReason,
} from './gleifRecords.ts';
import { type PlacedGleifRecord, readGleifXmlRecords } from './readGleifXml.ts';

export type GleifFormat = 'xml' | 'json' | 'csv';

/** Records set aside by reason, reported once the file is read. */
export type GleifSetAside = Partial<Record<SetAsideReason, number>>;

/** The first chunk of a stream, put back so that the stream still yields it. */
function peek(stream: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (chunk: Buffer | null) => {
      stream.off('readable', onReadable);
      stream.off('end', onEnd);
      stream.off('error', reject);
      if (chunk) stream.unshift(chunk);
      resolve(chunk ?? Buffer.alloc(0));
    };
    const onReadable = () => done(stream.read() as Buffer | null);
    const onEnd = () => done(null);
    stream.on('readable', onReadable);
    stream.once('end', onEnd);
    stream.once('error', reject);
  });
}

/** The form of a golden-copy file, from its first bytes (BOM and blanks skipped): `<` XML, `{` JSON, else CSV. */
export function formatOf(head: Buffer): GleifFormat {
  const text = head
    .subarray(0, 256)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (text.startsWith('<')) return 'xml';
  if (text.startsWith('{') || text.startsWith('[')) return 'json';
  return 'csv';
}

async function* jsonNodes(input: Readable): AsyncGenerator<GleifNode> {
  const records = input.pipe(parser.asStream()).pipe(pick.asStream({ filter: 'records' }));
  for await (const item of records.pipe(streamArray.asStream()) as AsyncIterable<{ value: unknown }>) {
    yield nodeOfJson('record', item.value);
  }
}

/**
 * The records of a file in the given form, in batches (XML: those each chunk completes; else one by one),
 * each with where it is in the file: XML, the physical line its start tag opens on; CSV, the physical line
 * its row starts on (the header's is 1); JSON, its number (from 1) in the file's `records` array.
 */
async function* recordBatches(
  role: GleifRole,
  input: Readable,
  format: GleifFormat,
  onHeader?: HeaderSink,
): AsyncGenerator<PlacedGleifRecord[]> {
  const fields = FIELDS_OF[role];
  if (format === 'xml') {
    yield* readGleifXmlRecords(input, RECORD_ELEMENT[role], fields);
  } else if (format === 'json') {
    let number = 0;
    for await (const node of jsonNodes(input)) yield [{ record: recordOfNode(fields, node), line: ++number }];
  } else {
    for await (const { record, line } of readDelimitedNumbered(input, { delimiter: ',', onHeader })) {
      yield [{ record: recordOfCsvRow(fields, record), line }];
    }
  }
}

/**
 * The entity rows of one golden-copy file (`.zip` as published, `.gz`, or plain), in the XML, JSON
 * (`{"records":[...]}`, `"$"` text) or CSV form (dotted column names, every field quoted, maybe a BOM),
 * streamed. Each record becomes the same row whatever the form (see gleifRecords.ts); a record without an
 * LEI, or a relationship whose node is not an LEI, is counted in `setAside` and skipped. Each row's `line`
 * is where its record is in the (decompressed) file: XML and CSV, the physical line it starts on; JSON, which
 * has no lines to speak of, its number from 1 in `records` (recordBatches).
 */
export async function* readGleifFile(
  role: GleifRole,
  file: string,
  onHeader?: HeaderSink,
  setAside: GleifSetAside = {},
): AsyncGenerator<LinedSnapshotRow> {
  const input = await openUpstreamFile(file);
  const format = formatOf(await peek(input));
  for await (const records of recordBatches(role, input, format, onHeader)) {
    for (const { record, line } of records) {
      const row = entityRowOf(role, record);
      if (typeof row === 'string') {
        setAside[row] = (setAside[row] ?? 0) + 1;
        continue;
      }
      yield Object.assign(row, { line });
    }
  }
}
