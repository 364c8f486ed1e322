import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import { RNA_IMPORT, RNA_WALDEC, type RnaRecord } from '../../schemas/events/frRnaEvents.ts';
import { readDelimited } from '../core/readDelimited.ts';
import type { SnapshotRow } from '../core/snapshotPass.ts';

export interface RnaLayout {
  kind: typeof RNA_WALDEC | typeof RNA_IMPORT;
  delimiter: ';' | ',';
  encoding: 'utf8' | 'latin1';
  columns: string[];
}

const W_NUMBER = /^W[0-9A-Z]{9}$/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads the head of an RNA file and says what it is, instead of assuming: the ministry's departmental files
 * are `;`-separated ISO-8859-1, the national aggregate may be `,`-separated UTF-8. Encoding: UTF-8 when the
 * head decodes strictly as UTF-8, else ISO-8859-1. Delimiter: the one the header line uses. Kind: waldec
 * has `date_decla`, import has `adr1`.
 */
export async function detectRnaLayout(file: string): Promise<RnaLayout> {
  const handle = await open(file, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(256 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const encoding = isUtf8(head) ? 'utf8' : 'latin1';
  const text = iconv.decode(head, encoding).replace(/^\uFEFF/, '');
  const headerLine = text.split(/\r?\n/, 1)[0] ?? '';
  const semicolons = headerLine.split(';').length;
  const commas = headerLine.split(',').length;
  const delimiter = semicolons >= commas ? ';' : ',';
  const columns = headerLine.split(delimiter).map((c) => c.trim().replace(/^"|"$/g, ''));
  const kind = columns.includes('date_decla') ? RNA_WALDEC : columns.includes('adr1') ? RNA_IMPORT : null;
  if (!kind || !columns.includes('id')) {
    throw new Error(
      `${file}: neither an rna_waldec nor an rna_import header (${columns.slice(0, 6).join(', ')}…)`,
    );
  }
  return { kind, delimiter, encoding, columns };
}

/** The head may end inside a multi-byte character: up to 3 trailing bytes are forgiven. */
function isUtf8(head: Buffer): boolean {
  for (let cut = 0; cut <= 3 && cut < head.length; cut++) {
    try {
      strictUtf8.decode(head.subarray(0, head.length - cut));
      return true;
    } catch {
      // try a shorter head
    }
  }
  return head.length === 0;
}

/** The rows of one RNA file as snapshot rows (see rnaEvents.ts), streamed. */
export async function* readRnaCsv(file: string, layout?: RnaLayout): AsyncGenerator<SnapshotRow> {
  const l = layout ?? (await detectRnaLayout(file));
  const text = createReadStream(file).pipe(iconv.decodeStream(l.encoding)) as unknown as Readable;
  for await (const record of readDelimited(text, { delimiter: l.delimiter }) as AsyncIterable<RnaRecord>) {
    const id = rnaIdOf(l.kind, record);
    if (!id) continue;
    yield { kind: l.kind, id, record };
  }
}

/**
 * Waldec rows carry the RNA number in `id`. Import rows carry their old prefecture number in `id`; their W
 * number is in `rup_mi` per the published layout, and in `observation` in the 2018 files: the first W number
 * found in those is taken, else the old number stands.
 */
function rnaIdOf(kind: RnaLayout['kind'], record: RnaRecord): string | null {
  const id = record.id?.trim() ?? '';
  if (kind === RNA_WALDEC) return id === '' ? null : id;
  for (const candidate of [record.rup_mi, record.observation]) {
    const v = candidate?.trim() ?? '';
    if (W_NUMBER.test(v)) return v;
  }
  return id === '' ? null : id;
}
