import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import Papa from 'papaparse';

export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    /** 1-based number of the record (header included) where the parser stopped. */
    readonly record: number,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

/** Records of a CSV file as parsed from one chunk, and the physical line each starts on. */
export interface CsvBatch {
  records: string[][];
  /**
   * The 1-based physical line each record starts on, as `sed -n '<line>p'` counts lines (each `\n` ends
   * one): a record whose quoted field holds line breaks spans several, the next record starts after them.
   */
  lines: number[];
}

/**
 * The records of an RFC 4180 CSV stream (`,` separator unless `delimiter` says otherwise, `"` quotes, `\n` or
 * `\r\n` line ends, a UTF-8 byte order mark dropped), as arrays of strings, a batch at a time: one batch per
 * chunk of the stream. A quoted field may hold separators, doubled quotes and line breaks, and may straddle
 * chunks. A quote left open at the end, or any other syntax error, throws a CsvSyntaxError. Record lengths
 * are not checked here. The stream gives bytes (read as UTF-8) or text already decoded (e.g. by iconv).
 *
 * PapaParse's low-level parser does the parsing (faster than csv-parse on the Sirene stocks, bench sirene in
 * bench/HISTORY.md; the project's one CSV parser); this drives it chunk by chunk, so memory stays at one
 * chunk and backpressure is the consumer's pace.
 */
export async function* readCsvRows(
  stream: Readable,
  opts: { delimiter?: string } = {},
): AsyncGenerator<string[][]> {
  for await (const batch of readCsvBatches(stream, opts)) yield batch.records;
}

/** readCsvRows's records with the physical line each starts on (CsvBatch). */
export async function* readCsvBatches(
  stream: Readable,
  opts: { delimiter?: string } = {},
): AsyncGenerator<CsvBatch> {
  const delimiter = opts.delimiter ?? ',';
  const decoder = new StringDecoder('utf8');
  let parser: Papa.Parser | null = null;
  let pending = '';
  let records = 0;
  /** The physical line the next record starts on. */
  let line = 1;
  const parse = (input: string, last: boolean): CsvBatch => {
    if (parser === null) parser = new Papa.Parser({ delimiter, quoteChar: '"', newline: newlineOf(input) });
    const result = parser.parse(input, 0, !last) as Papa.ParseResult<string[]>;
    const [error] = result.errors;
    if (error) {
      const at = records + (error.row ?? 0) + 1;
      throw new CsvSyntaxError(`${error.message} (record ${at})`, at);
    }
    const consumed = last ? input.length : result.meta.cursor;
    pending = last ? '' : input.substring(consumed);
    records += result.data.length;
    const lines = linesOf(result.data, input, consumed, line);
    line = lines.next;
    return { records: result.data, lines: lines.starts };
  };
  let first = true;
  for await (const chunk of stream as AsyncIterable<string | Buffer>) {
    let text = pending + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
    if (first) {
      if (text.length === 0) continue;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
    }
    // The parser is given whole lines only: a chunk ending just after a quote could not tell a closing
    // quote from the first half of a doubled one. A line break inside a quoted field is no such end.
    const end = text.lastIndexOf('\n') + 1;
    if (end === 0) {
      pending = text;
      continue;
    }
    const batch = parse(text.substring(0, end), false);
    pending += text.substring(end);
    if (batch.records.length > 0) yield batch;
  }
  pending += decoder.end();
  if (pending.length > 0) {
    const batch = parse(pending, true);
    const kept: CsvBatch = { records: [], lines: [] };
    for (const [i, r] of batch.records.entries()) {
      if (r.length === 1 && r[0] === '') continue;
      kept.records.push(r);
      kept.lines.push(batch.lines[i]!);
    }
    if (kept.records.length > 0) yield kept;
  }
}

/**
 * The line each of `records` starts on, the first on `first`, and the line after them, from the `\n`s of the
 * text they were parsed from (`input` up to `consumed`): as many as records, each record is one line; more,
 * some field holds line breaks, and each record spans one line more than the `\n`s its fields hold.
 */
function linesOf(
  records: string[][],
  input: string,
  consumed: number,
  first: number,
): { starts: number[]; next: number } {
  let breaks = 0;
  for (let at = input.indexOf('\n'); at !== -1 && at < consumed; at = input.indexOf('\n', at + 1)) breaks++;
  const starts = new Array<number>(records.length);
  if (breaks === records.length) {
    for (let i = 0; i < records.length; i++) starts[i] = first + i;
    return { starts, next: first + breaks };
  }
  let line = first;
  for (let i = 0; i < records.length; i++) {
    starts[i] = line;
    line++;
    for (const field of records[i]!) {
      for (let at = field.indexOf('\n'); at !== -1; at = field.indexOf('\n', at + 1)) line++;
    }
  }
  return { starts, next: first + breaks };
}

/** The line end of the file, from its first line (`\n` when the first chunk holds none). */
function newlineOf(text: string): '\n' | '\r\n' {
  const at = text.indexOf('\n');
  return at > 0 && text[at - 1] === '\r' ? '\r\n' : '\n';
}
