import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { DelimitedRecord } from '../core/readDelimited.ts';

/**
 * The rows of an ONRC open-data file: `^`-separated, UTF-8 with a byte order mark, CRLF, upper-case header,
 * and NO quoting: a `"` is part of the value (1,116 names of the 2026 OD_FIRME start with one, two never
 * close it; a CSV reader with quoting on merges the following lines into one field). So each line is one
 * record, split on `^`. Columns are mapped by header name; empty fields are null. A line whose field count
 * differs from the header's is not guessed at: it is set aside (`onSetAside` gets its line number) and the
 * pass goes on. Blank lines are skipped.
 */
export async function* readCaretFile(
  input: Readable,
  opts: { onHeader?: (columns: string[]) => void; onSetAside?: (line: number) => void } = {},
): AsyncGenerator<DelimitedRecord> {
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let columns: string[] | null = null;
  let number = 0;
  for await (const raw of lines) {
    number++;
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (columns === null) {
      columns = line
        .replace(/^\uFEFF/, '')
        .split('^')
        .map((c) => c.trim().toUpperCase());
      opts.onHeader?.(columns);
      continue;
    }
    if (line.trim() === '') continue;
    const fields = line.split('^');
    if (fields.length !== columns.length) {
      opts.onSetAside?.(number);
      continue;
    }
    const record: DelimitedRecord = {};
    for (let i = 0; i < columns.length; i++) {
      const v = fields[i]!.trim();
      record[columns[i]!] = v === '' ? null : v;
    }
    yield record;
  }
}
