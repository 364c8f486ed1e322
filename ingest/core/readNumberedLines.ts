import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/** A line of a text file and the physical line it is on. */
export interface NumberedLine {
  /** The line's text, without its line end. */
  text: string;
  /**
   * The 1-based number of the physical line it starts on, as `sed -n '<line>p'` and `wc -l` count lines
   * (each `\n` ends one): the first line of the file is 1.
   */
  line: number;
}

/**
 * The lines of a UTF-8 text stream with their physical line numbers, split as `node:readline` splits them
 * with `crlfDelay: Infinity` (at `\r\n`, `\n` and a lone `\r`; a last line without a line end is a line), so
 * a reader that used readline reads the same lines. Only a `\n` starts a new physical line: the text after a
 * lone `\r` is a line of its own here but keeps the number of the physical line it is on, which is where
 * `sed` shows it.
 */
export async function* readNumberedLines(input: Readable): AsyncGenerator<NumberedLine> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let line = 1;
  const out: NumberedLine[] = [];
  // The lines `text` completes; what follows the last line end stays in `rest`. At the end of the stream
  // (`last`), a `\r` ending the text ends a line and whatever is left is the last line.
  const split = (text: string, last: boolean) => {
    let start = 0;
    let nl = text.indexOf('\n');
    let cr = text.indexOf('\r');
    for (;;) {
      if (nl !== -1 && nl < start) nl = text.indexOf('\n', start);
      if (cr !== -1 && cr < start) cr = text.indexOf('\r', start);
      if (cr !== -1 && (nl === -1 || cr < nl)) {
        // A `\r` at the end of what was read may be the first half of a `\r\n`: wait for the next chunk.
        if (cr === text.length - 1 && !last) break;
        const crlf = text.charCodeAt(cr + 1) === 10;
        out.push({ text: text.slice(start, cr), line });
        if (crlf) line++;
        start = cr + (crlf ? 2 : 1);
      } else if (nl !== -1) {
        out.push({ text: text.slice(start, nl), line });
        line++;
        start = nl + 1;
      } else break;
    }
    rest = text.slice(start);
    if (last && rest.length > 0) {
      out.push({ text: rest, line });
      rest = '';
    }
  };
  for await (const chunk of input as AsyncIterable<string | Buffer>) {
    split(rest + (typeof chunk === 'string' ? chunk : decoder.write(chunk)), false);
    yield* out;
    out.length = 0;
  }
  split(rest + decoder.end(), true);
  yield* out;
}
