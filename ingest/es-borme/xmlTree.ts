import { readFile } from 'node:fs/promises';
import iconv from 'iconv-lite';

/**
 * A small, strict XML reader for the BOE's documents (BORME section A `<documento>`, the daily `<sumario>`):
 * elements, attributes, text, CDATA, comments, processing instructions and the five predefined and numeric
 * entities. No DTD is read: an undeclared entity, a mismatched or unclosed tag, text after the root element
 * all throw, so a truncated download fails its pass instead of yielding part of a document.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const NAME = /[A-Za-z_:][\w.:-]*/y;

function decodeEntities(raw: string, at: number): string {
  return raw.replace(/&([^;&\s]*);?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) throw new Error(`XML: bare "&" near offset ${at}`);
    if (ref in PREDEFINED) return PREDEFINED[ref]!;
    const code = /^#x([0-9a-f]+)$/i.exec(ref)?.[1];
    const dec = /^#(\d+)$/.exec(ref)?.[1];
    if (code !== undefined) return String.fromCodePoint(Number.parseInt(code, 16));
    if (dec !== undefined) return String.fromCodePoint(Number(dec));
    throw new Error(`XML: undeclared entity "&${ref};" near offset ${at}`);
  });
}

export function parseXml(source: string): XmlElement {
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  let pos = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const fail = (what: string): never => {
    throw new Error(`XML: ${what} at offset ${pos}`);
  };
  const skipUntil = (end: string) => {
    const at = text.indexOf(end, pos);
    if (at < 0) fail(`unterminated construct (no "${end}")`);
    const body = text.slice(pos, at);
    pos = at + end.length;
    return body;
  };
  const name = () => {
    NAME.lastIndex = pos;
    const m = NAME.exec(text);
    if (!m) fail('name expected');
    pos += m![0].length;
    return m![0];
  };
  const spaces = () => {
    while (pos < text.length && /\s/.test(text[pos]!)) pos++;
  };
  while (pos < text.length) {
    const lt = text.indexOf('<', pos);
    const chunk = text.slice(pos, lt < 0 ? text.length : lt);
    if (chunk !== '') {
      const parent = stack.at(-1);
      if (parent) parent.children.push(decodeEntities(chunk, pos));
      else if (chunk.trim() !== '') fail('text outside the root element');
    }
    if (lt < 0) break;
    pos = lt;
    if (text.startsWith('<!--', pos)) {
      pos += 4;
      skipUntil('-->');
    } else if (text.startsWith('<?', pos)) {
      pos += 2;
      skipUntil('?>');
    } else if (text.startsWith('<![CDATA[', pos)) {
      pos += 9;
      const parent = stack.at(-1) ?? fail('CDATA outside the root element');
      parent.children.push(skipUntil(']]>'));
    } else if (text.startsWith('<!DOCTYPE', pos)) {
      const body = skipUntil('>');
      if (body.includes('[')) fail('a DOCTYPE with an internal subset is not read');
    } else if (text.startsWith('</', pos)) {
      pos += 2;
      const closing = name();
      spaces();
      if (text[pos] !== '>') fail('">" expected');
      pos++;
      const open = stack.pop();
      if (!open || open.name !== closing) fail(`</${closing}> closes <${open?.name ?? 'nothing'}>`);
    } else {
      pos++;
      if (stack.length === 0 && root) fail('a second root element');
      const element: XmlElement = { name: name(), attributes: {}, children: [] };
      for (;;) {
        spaces();
        if (text.startsWith('/>', pos) || text[pos] === '>') break;
        const attribute = name();
        spaces();
        if (text[pos] !== '=') fail('"=" expected');
        pos++;
        spaces();
        const quote = text[pos];
        if (quote !== '"' && quote !== "'") fail('quoted attribute value expected');
        pos++;
        const start = pos;
        element.attributes[attribute] = decodeEntities(skipUntil(quote!), start);
      }
      stack.at(-1)?.children.push(element);
      if (stack.length === 0) root = element;
      if (text.startsWith('/>', pos)) pos += 2;
      else {
        pos++;
        stack.push(element);
      }
    }
  }
  if (stack.length > 0) fail(`<${stack.at(-1)!.name}> is never closed (truncated document?)`);
  return root ?? fail('no root element');
}

/** Reads an XML file in the encoding its declaration names (UTF-8 when none: the API's; ISO-8859-1 before). */
export async function readXmlFile(file: string): Promise<XmlElement> {
  const bytes = await readFile(file);
  const declared = /^\s*<\?xml[^>]*encoding=["']([\w-]+)["']/.exec(
    bytes.subarray(0, 200).toString('latin1'),
  )?.[1];
  const encoding = (declared ?? 'utf-8').toLowerCase();
  const text =
    encoding === 'utf-8' || encoding === 'utf8'
      ? new TextDecoder('utf-8', { fatal: true }).decode(bytes)
      : iconv.encodingExists(encoding)
        ? iconv.decode(bytes, encoding)
        : (() => {
            throw new Error(`${file}: unknown XML encoding "${declared}"`);
          })();
  return parseXml(text);
}

export const elementsOf = (el: XmlElement, name?: string): XmlElement[] =>
  el.children.filter(
    (c): c is XmlElement => typeof c !== 'string' && (name === undefined || c.name === name),
  );

export const childOf = (el: XmlElement | undefined, name: string): XmlElement | undefined =>
  el ? elementsOf(el, name)[0] : undefined;

/** The text of an element and its descendants, in document order. */
export function textOf(el: XmlElement | undefined): string {
  if (!el) return '';
  return el.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('');
}
