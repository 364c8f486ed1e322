import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';

/** A delimited-text row keyed by the file's own header; an empty field is `null` (not published). */
export type DelimitedRecord = Record<string, string | null>;

/**
 * Rows of a delimited text file keyed by header name (columns are mapped by name, never by position: the
 * registers add columns over time). A leading UTF-8 BOM is dropped. `onHeader` sees the header line once.
 */
export async function* readDelimited(
  input: Readable,
  opts: { delimiter: string; onHeader?: (columns: string[]) => void },
): AsyncGenerator<DelimitedRecord> {
  const parser = input.pipe(
    parse({
      delimiter: opts.delimiter,
      bom: true,
      columns: (header: string[]) => {
        const columns = header.map((c) => c.trim());
        opts.onHeader?.(columns);
        return columns;
      },
    }),
  );
  for await (const row of parser as AsyncIterable<Record<string, string>>) {
    const record: DelimitedRecord = {};
    for (const [k, v] of Object.entries(row)) record[k] = v === '' ? null : v;
    yield record;
  }
}
