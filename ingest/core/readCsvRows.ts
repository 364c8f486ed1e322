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
  const delimiter = opts.delimiter ?? ',';
  const decoder = new StringDecoder('utf8');
  let parser: Papa.Parser | null = null;
  let pending = '';
  let records = 0;
  const parse = (input: string, last: boolean): string[][] => {
    if (parser === null) parser = new Papa.Parser({ delimiter, quoteChar: '"', newline: newlineOf(input) });
    const result = parser.parse(input, 0, !last) as Papa.ParseResult<string[]>;
    const [error] = result.errors;
    if (error) {
      const at = records + (error.row ?? 0) + 1;
      throw new CsvSyntaxError(`${error.message} (record ${at})`, at);
    }
    pending = last ? '' : input.substring(result.meta.cursor);
    records += result.data.length;
    return result.data;
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
    const rows = parse(text.substring(0, end), false);
    pending += text.substring(end);
    if (rows.length > 0) yield rows;
  }
  pending += decoder.end();
  if (pending.length > 0) {
    const rows = parse(pending, true).filter((r) => !(r.length === 1 && r[0] === ''));
    if (rows.length > 0) yield rows;
  }
}

/** The line end of the file, from its first line (`\n` when the first chunk holds none). */
function newlineOf(text: string): '\n' | '\r\n' {
  const at = text.indexOf('\n');
  return at > 0 && text[at - 1] === '\r' ? '\r\n' : '\n';
}
