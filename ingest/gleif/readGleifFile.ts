import type { Readable } from 'node:stream';
import { parser } from 'stream-json';
import { pick } from 'stream-json/filters/pick.js';
import { streamArray } from 'stream-json/streamers/stream-array.js';
import type { GleifRecord } from '../../schemas/events/gleifEvents.ts';
import type { HeaderSink } from '../core/filesPass.ts';
import { readDelimited } from '../core/readDelimited.ts';
import type { SnapshotRow } from '../core/snapshotPass.ts';
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
import { readGleifXmlRecords } from './readGleifXml.ts';

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

/** The records of a file in the given form, in batches (XML: those each chunk completes; else one by one). */
async function* recordBatches(
  role: GleifRole,
  input: Readable,
  format: GleifFormat,
  onHeader?: HeaderSink,
): AsyncGenerator<GleifRecord[]> {
  const fields = FIELDS_OF[role];
  if (format === 'xml') {
    yield* readGleifXmlRecords(input, RECORD_ELEMENT[role], fields);
  } else if (format === 'json') {
    for await (const node of jsonNodes(input)) yield [recordOfNode(fields, node)];
  } else {
    for await (const row of readDelimited(input, { delimiter: ',', onHeader })) {
      yield [recordOfCsvRow(fields, row)];
    }
  }
}

/**
 * The entity rows of one golden-copy file (`.zip` as published, `.gz`, or plain), in the XML, JSON
 * (`{"records":[...]}`, `"$"` text) or CSV form (dotted column names, every field quoted, maybe a BOM),
 * streamed. Each record becomes the same row whatever the form (see gleifRecords.ts); a record without an
 * LEI, or a relationship whose node is not an LEI, is counted in `setAside` and skipped.
 */
export async function* readGleifFile(
  role: GleifRole,
  file: string,
  onHeader?: HeaderSink,
  setAside: GleifSetAside = {},
): AsyncGenerator<SnapshotRow> {
  const input = await openUpstreamFile(file);
  const format = formatOf(await peek(input));
  for await (const records of recordBatches(role, input, format, onHeader)) {
    for (const record of records) {
      const row = entityRowOf(role, record);
      if (typeof row === 'string') {
        setAside[row] = (setAside[row] ?? 0) + 1;
        continue;
      }
      yield row;
    }
  }
}
