import type { Readable } from 'node:stream';
import type { DelimitedRecord } from '../core/readDelimited.ts';
import { readNumberedLines } from '../core/readNumberedLines.ts';

/** A record of a `^`-separated file and the physical line it is on (1 is the header's). */
export interface CaretRecord {
  record: DelimitedRecord;
  line: number;
}

/**
 * The rows of an ONRC open-data file: `^`-separated, UTF-8 with a byte order mark, CRLF, upper-case header,
 * and NO quoting: a `"` is part of the value (1,116 names of the 2026 OD_FIRME start with one, two never
 * close it; a CSV reader with quoting on merges the following lines into one field). So each line is one
 * record, split on `^`, given with its physical line number (`sed -n '<line>p'` shows it). Columns are mapped
 * by header name; empty fields are null. A line whose field count differs from the header's is not guessed
 * at: it is set aside (`onSetAside` gets its line number) and the pass goes on. Blank lines are skipped.
 */
export async function* readCaretFile(
  input: Readable,
  opts: { onHeader?: (columns: string[]) => void; onSetAside?: (line: number) => void } = {},
): AsyncGenerator<CaretRecord> {
  let columns: string[] | null = null;
  for await (const { text, line } of readNumberedLines(input)) {
    if (columns === null) {
      columns = text
        .replace(/^\uFEFF/, '')
        .split('^')
        .map((c) => c.trim().toUpperCase());
      opts.onHeader?.(columns);
      continue;
    }
    if (text.trim() === '') continue;
    const fields = text.split('^');
    if (fields.length !== columns.length) {
      opts.onSetAside?.(line);
      continue;
    }
    const record: DelimitedRecord = {};
    for (let i = 0; i < columns.length; i++) {
      const v = fields[i]!.trim();
      record[columns[i]!] = v === '' ? null : v;
    }
    yield { record, line };
  }
}
