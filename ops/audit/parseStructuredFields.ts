import type { Token } from '../signing/structuredFields.ts';

/** RFC 8941 dictionary parsing, enough for `Signature-Input`, `Signature` and `Content-Digest`. */
export type ParsedBareItem = string | number | boolean | Token | Uint8Array;
export type ParsedParameters = Array<[string, ParsedBareItem]>;

export interface ParsedItem {
  kind: 'item';
  value: ParsedBareItem;
  params: ParsedParameters;
}

export interface ParsedInnerList {
  kind: 'innerList';
  items: ParsedItem[];
  params: ParsedParameters;
}

export type DictionaryMember = ParsedItem | ParsedInnerList;

export function parseDictionary(input: string): Map<string, DictionaryMember> {
  const p = { s: input, i: 0 };
  const out = new Map<string, DictionaryMember>();
  skip(p, ' ');
  if (p.i >= p.s.length) return out;
  for (;;) {
    const key = parseKey(p);
    let member: DictionaryMember;
    if (p.s[p.i] === '=') {
      p.i++;
      member = p.s[p.i] === '(' ? parseInnerList(p) : parseItem(p);
    } else {
      member = { kind: 'item', value: true, params: parseParams(p) };
    }
    out.set(key, member);
    skip(p, ' \t');
    if (p.i >= p.s.length) return out;
    expect(p, ',');
    skip(p, ' \t');
    if (p.i >= p.s.length) throw new Error('structured field: trailing comma');
  }
}

interface Cursor {
  s: string;
  i: number;
}

function fail(p: Cursor, what: string): never {
  throw new Error(`structured field: ${what} at character ${p.i} of "${p.s.slice(0, 80)}"`);
}

function skip(p: Cursor, chars: string): void {
  while (p.i < p.s.length && chars.includes(p.s[p.i]!)) p.i++;
}

function expect(p: Cursor, char: string): void {
  if (p.s[p.i] !== char) fail(p, `expected "${char}"`);
  p.i++;
}

function parseKey(p: Cursor): string {
  const m = /^[a-z*][a-z0-9_\-.*]*/.exec(p.s.slice(p.i));
  if (!m) fail(p, 'expected a key');
  p.i += m[0].length;
  return m[0];
}

function parseInnerList(p: Cursor): ParsedInnerList {
  expect(p, '(');
  const items: ParsedItem[] = [];
  for (;;) {
    skip(p, ' ');
    if (p.s[p.i] === ')') {
      p.i++;
      return { kind: 'innerList', items, params: parseParams(p) };
    }
    items.push(parseItem(p));
    if (p.s[p.i] !== ' ' && p.s[p.i] !== ')') fail(p, 'expected a space or ")"');
  }
}

function parseItem(p: Cursor): ParsedItem {
  const value = parseBareItem(p);
  return { kind: 'item', value, params: parseParams(p) };
}

function parseParams(p: Cursor): ParsedParameters {
  const params: ParsedParameters = [];
  while (p.s[p.i] === ';') {
    p.i++;
    skip(p, ' ');
    const key = parseKey(p);
    let value: ParsedBareItem = true;
    if (p.s[p.i] === '=') {
      p.i++;
      value = parseBareItem(p);
    }
    const existing = params.findIndex(([k]) => k === key);
    if (existing >= 0) params[existing] = [key, value];
    else params.push([key, value]);
  }
  return params;
}

function parseBareItem(p: Cursor): ParsedBareItem {
  const c = p.s[p.i];
  if (c === undefined) fail(p, 'unexpected end');
  if (c === '"') return parseString(p);
  if (c === ':') return parseByteSequence(p);
  if (c === '?') {
    const v = p.s[p.i + 1];
    if (v !== '0' && v !== '1') fail(p, 'expected ?0 or ?1');
    p.i += 2;
    return v === '1';
  }
  if (c === '-' || /\d/.test(c)) {
    const m = /^-?\d{1,15}(\.\d{1,3})?/.exec(p.s.slice(p.i));
    if (!m) fail(p, 'expected a number');
    p.i += m[0].length;
    return Number(m[0]);
  }
  const m = /^[A-Za-z*][!#$%&'*+\-.^_`|~0-9A-Za-z:/]*/.exec(p.s.slice(p.i));
  if (!m) fail(p, 'expected an item');
  p.i += m[0].length;
  return { token: m[0] };
}

function parseString(p: Cursor): string {
  p.i++;
  let out = '';
  for (;;) {
    const c = p.s[p.i++];
    if (c === undefined) fail(p, 'unterminated string');
    if (c === '"') return out;
    if (c === '\\') {
      const e = p.s[p.i++];
      if (e !== '"' && e !== '\\') fail(p, 'bad escape in string');
      out += e;
    } else if (c < ' ' || c > '~') fail(p, 'non-printable character in string');
    else out += c;
  }
}

function parseByteSequence(p: Cursor): Uint8Array {
  p.i++;
  const end = p.s.indexOf(':', p.i);
  if (end === -1) fail(p, 'unterminated byte sequence');
  const b64 = p.s.slice(p.i, end);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) fail(p, 'invalid base64 in byte sequence');
  p.i = end + 1;
  return new Uint8Array(Buffer.from(b64, 'base64'));
}
