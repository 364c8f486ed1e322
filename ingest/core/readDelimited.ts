import type { Readable } from 'node:stream';
import { readCsvBatches } from './readCsvRows.ts';

/** A delimited-text row keyed by the file's own header; an empty field is `null` (not published). */
export type DelimitedRecord = Record<string, string | null>;

export interface NumberedRecord {
  record: DelimitedRecord;
  /** 1-based number of the record in the file, the header being record 1. */
  number: number;
  /**
   * The 1-based physical line the record starts on (the header's is 1 when it is the first line), which
   * differs from `number` after a record whose quoted field holds line breaks: `sed -n '<line>p'` shows it.
   */
  line: number;
}

/** A row of a delimited text file as its fields, in the header's order (readDelimitedFields). */
export interface NumberedFields {
  fields: string[];
  /** As NumberedRecord's. */
  number: number;
  line: number;
}

/**
 * The rows of a delimited text file as their fields, after its header (names trimmed, handed to `onHeader`,
 * which may throw to refuse the file), with their record number and the physical line each starts on; blank
 * lines skipped. What readDelimitedNumbered keys by name, for a reader that writes a row's JSON from its
 * fields without building its record (delimitedRecordJson.ts).
 */
export async function* readDelimitedFields(
  input: Readable,
  opts: { delimiter: string; onHeader?: (columns: string[]) => void },
): AsyncGenerator<NumberedFields> {
  let header = false;
  let number = 0;
  for await (const batch of readCsvBatches(input, { delimiter: opts.delimiter })) {
    for (let b = 0; b < batch.records.length; b++) {
      const fields = batch.records[b]!;
      number++;
      if (!header) {
        header = true;
        opts.onHeader?.(fields.map((c) => c.trim()));
        continue;
      }
      if (fields.length === 1 && fields[0] === '') continue;
      yield { fields, number, line: batch.lines[b]! };
    }
  }
}

/**
 * Rows of a delimited text file keyed by header name (columns are mapped by name, never by position: the
 * registers add columns over time), with their record number and the physical line each starts on. Header names are trimmed; a leading UTF-8 BOM
 * is dropped. `onHeader` sees the header once, and may throw to refuse the file. A row shorter than the
 * header lacks the missing columns; the fields of a longer one beyond the header are ignored. Blank lines
 * are skipped. Parsed by readCsvRows (PapaParse), the project's one CSV parser.
 */
export async function* readDelimitedNumbered(
  input: Readable,
  opts: { delimiter: string; onHeader?: (columns: string[]) => void },
): AsyncGenerator<NumberedRecord> {
  let columns: string[] = [];
  const rows = readDelimitedFields(input, {
    delimiter: opts.delimiter,
    onHeader: (names) => {
      columns = names;
      opts.onHeader?.(names);
    },
  });
  for await (const { fields, number, line } of rows) {
    const record: DelimitedRecord = {};
    const n = Math.min(columns.length, fields.length);
    for (let i = 0; i < n; i++) {
      const v = fields[i]!;
      record[columns[i]!] = v === '' ? null : v;
    }
    yield { record, number, line };
  }
}

/** The records of readDelimitedNumbered, without their numbers. */
export async function* readDelimited(
  input: Readable,
  opts: { delimiter: string; onHeader?: (columns: string[]) => void },
): AsyncGenerator<DelimitedRecord> {
  for await (const { record } of readDelimitedNumbered(input, opts)) yield record;
}
