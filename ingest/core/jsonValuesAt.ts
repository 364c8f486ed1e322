import type { Readable } from 'node:stream';

/** A value's place in the document: object members by key, array elements by index (from 0). */
export type JsonPath = readonly (string | number)[];

/** An open object or array above the place being read. */
interface Frame {
  array: boolean;
  /** The member's key (an object), or the element's index (an array). */
  at: string | number;
  /** In an object: a key comes next (else its value). */
  expectKey: boolean;
}

/** JSON's whitespace, and a byte order mark (dropped where a document starts). */
const WHITESPACE = new Set([0x20, 0x0a, 0x0d, 0x09, 0xfeff]);

/**
 * The values of a JSON document (or of several written one after the other) whose path `wanted` accepts,
 * each parsed whole (with `numbersAsText`, its numbers kept as their text: `137614.0` stays `"137614.0"`),
 * streamed: only the
 * value being read is held, never the document. The document is walked without building anything above the
 * wanted values; each of those is cut out as text and handed to `JSON.parse`, the engine's own parser, which
 * is several times faster than a token stream assembled in JavaScript. Throws on text that is not JSON.
 */
export async function* jsonValuesAt(
  input: Readable,
  wanted: (path: JsonPath) => boolean,
  opts: { numbersAsText?: boolean } = {},
): AsyncGenerator<{ path: JsonPath; value: unknown }> {
  const parse = opts.numbersAsText ? (json: string) => JSON.parse(quoteNumbers(json)) : JSON.parse;
  input.setEncoding('utf8');
  const stack: Frame[] = [];
  let text = '';
  let i = 0;
  let ended = false;
  const chunks = input[Symbol.asyncIterator]() as AsyncIterator<string>;
  /** Reads more text, keeping what starts at `from`; false at the end of the input. */
  const more = async (from: number): Promise<boolean> => {
    if (ended) return false;
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      return false;
    }
    text = text.slice(from) + next.value;
    i -= from;
    return true;
  };
  const pathOf = (): JsonPath => stack.map((f) => f.at);
  const fail = (what: string): never => {
    throw new Error(`not JSON: ${what} near "${text.slice(Math.max(0, i - 20), i + 20)}"`);
  };

  for (;;) {
    if (i >= text.length && !(await more(text.length))) break;
    const c = text.charCodeAt(i);
    if (WHITESPACE.has(c)) {
      i++;
      continue;
    }
    const top = stack[stack.length - 1];
    if (c === 0x2c /* , */) {
      if (!top) fail('a comma outside any value');
      if (top!.array) top!.at = (top!.at as number) + 1;
      else top!.expectKey = true;
      i++;
      continue;
    }
    if (c === 0x3a /* : */) {
      i++;
      continue;
    }
    if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
      i++;
      continue;
    }
    if (top && !top.array && top.expectKey) {
      // A member's key: a string, read whole.
      if (c !== 0x22) fail('a key that is not a string');
      let end = stringEnd(text, i + 1);
      while (end < 0) {
        if (!(await more(i))) fail('a key cut short');
        end = stringEnd(text, i + 1);
      }
      top.at = JSON.parse(text.slice(i, end + 1)) as string;
      top.expectKey = false;
      i = end + 1;
      continue;
    }
    // A value starts here.
    const path = pathOf();
    if (wanted(path)) {
      let end = valueEnd(text, i);
      while (end < 0) {
        if (!(await more(i))) fail('a value cut short');
        end = valueEnd(text, i);
      }
      const value: unknown = parse(text.slice(i, end));
      i = end;
      yield { path, value };
      continue;
    }
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      stack.push({ array: c === 0x5b, at: c === 0x5b ? 0 : '', expectKey: c === 0x7b });
      i++;
      continue;
    }
    // A scalar not wanted: skipped whole.
    let end = valueEnd(text, i);
    while (end < 0) {
      if (!(await more(i))) {
        end = text.length;
        break;
      }
      end = valueEnd(text, i);
    }
    i = end;
  }
  if (stack.length > 0) fail('the document ends inside a value');
}

/**
 * The index of the quote closing the string whose content starts at `from`; -1 if the text ends first. The
 * quotes are found by the engine's own search (most of a record's text is inside strings): a quote is
 * escaped when an odd number of backslashes precede it.
 */
function stringEnd(text: string, from: number): number {
  let quote = text.indexOf('"', from);
  while (quote >= 0) {
    let backslashes = 0;
    while (quote - backslashes - 1 >= from && text.charCodeAt(quote - backslashes - 1) === 0x5c)
      backslashes++;
    if (backslashes % 2 === 0) return quote;
    quote = text.indexOf('"', quote + 1);
  }
  return -1;
}

/** The index just after the value starting at `from` (an object, array, string or scalar); -1 if cut short. */
function valueEnd(text: string, from: number): number {
  const c = text.charCodeAt(from);
  if (c === 0x22) {
    const end = stringEnd(text, from + 1);
    return end < 0 ? -1 : end + 1;
  }
  if (c !== 0x7b && c !== 0x5b) {
    // A number or a literal: until a delimiter (at the very end of the text, it may go on).
    for (let j = from; j < text.length; j++) {
      const d = text.charCodeAt(j);
      if (d === 0x2c || d === 0x7d || d === 0x5d || WHITESPACE.has(d)) return j;
    }
    return -1;
  }
  let depth = 0;
  for (let j = from; j < text.length; j++) {
    const d = text.charCodeAt(j);
    if (d === 0x22) {
      const end = stringEnd(text, j + 1);
      if (end < 0) return -1;
      j = end;
    } else if (d === 0x7b || d === 0x5b) depth++;
    else if (d === 0x7d || d === 0x5d) {
      depth--;
      if (depth === 0) return j + 1;
    }
  }
  return -1;
}

/** The JSON text with every number written as a string of its text (`1.0e17` → `"1.0e17"`). */
export function quoteNumbers(json: string): string {
  let out = '';
  let from = 0;
  for (let j = 0; j < json.length; j++) {
    const c = json.charCodeAt(j);
    if (c === 0x22) {
      const end = stringEnd(json, j + 1);
      j = end < 0 ? json.length : end;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      let end = j + 1;
      while (end < json.length && isNumberChar(json.charCodeAt(end))) end++;
      out += `${json.slice(from, j)}"${json.slice(j, end)}"`;
      from = end;
      j = end - 1;
    }
  }
  return from === 0 ? json : out + json.slice(from);
}

/** Digits, sign, point and exponent: what a JSON number is written with. */
function isNumberChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d;
}
