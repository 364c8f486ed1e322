import { SaxesParser } from 'saxes';

/**
 * An XML element as the readers of XML registers hold it (TED's notices, INPI's titles; GLEIF's records take
 * the same shape from XML or JSON): its local name (namespace prefix dropped: `cbc:ID` → `ID`), its own text
 * (CDATA included) and its child elements in document order. The helpers below walk any such tree.
 */
export interface XmlTreeNode<N> {
  name: string;
  text: string;
  children: N[];
}

/** An element with its attributes (by local name). */
export interface XmlElement extends XmlTreeNode<XmlElement> {
  attributes: Record<string, string>;
}

/** `lei:LEIRecord` → `LEIRecord`; `cbc:ID` → `ID`. */
export const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

/** An element just opened, without its text and children yet. */
function elementOf(tag: { name: string; attributes: unknown }): XmlElement {
  const attributes: Record<string, string> = {};
  for (const [key, value] of Object.entries(tag.attributes as Record<string, string>)) {
    attributes[localName(key)] = value;
  }
  return { name: localName(tag.name), attributes, text: '', children: [] };
}

/** The root element of an XML document held whole (a TED notice), parsed by saxes (well-formedness errors throw). */
export function parseXmlDocument(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: false });
  const root: XmlElement = { name: '', attributes: {}, text: '', children: [] };
  const stack: XmlElement[] = [root];
  parser.on('opentag', (tag) => {
    const node = elementOf(tag);
    stack.at(-1)!.children.push(node);
    stack.push(node);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.on('text', (text) => {
    stack.at(-1)!.text += text;
  });
  parser.on('cdata', (text) => {
    stack.at(-1)!.text += text;
  });
  parser.write(xml).close();
  const element = root.children[0];
  if (!element) throw new Error('no root element');
  return element;
}

/** An element read from a byte stream, with the physical line its start tag opens on (from 1). */
export interface PlacedXmlElement extends XmlElement {
  line: number;
}

/**
 * The physical line (from 1) of the `<` of the start tag whose name saxes has just read, as `sed -n '<n>p'`
 * numbers lines: to be called from `opentagstart`. saxes fires it once the name and the character after it
 * are read; when that character is a line end, saxes's line is already the next one (its column is 0). saxes
 * counts a line at each `\n` (a `\r\n` once) and at a lone `\r`, which the files read here do not hold.
 */
export const openTagLine = (parser: SaxesParser): number =>
  parser.column === 0 ? parser.line - 1 : parser.line;

/**
 * The elements of those names in an XML byte stream, each read whole, in document order, as the bytes
 * stream: only the element being read is in memory (a weekly ST.66 file holds tens of thousands of
 * `TradeMark`, one at a time here). An element of those names inside another is its child, not yielded on
 * its own. Each comes with the physical line its start tag opens on in the (decompressed) bytes (openTagLine),
 * where an auditor finds it. Elements named in `skip` within one are left out of its tree, with everything
 * they hold (parsed, never kept: a reader that never looks there spares their nodes, and what they say never
 * reaches memory). Not well-formed XML throws.
 */
export async function* xmlElementsNamed(
  bytes: AsyncIterable<Buffer | string>,
  names: ReadonlySet<string>,
  opts: { skip?: ReadonlySet<string> } = {},
): AsyncGenerator<PlacedXmlElement> {
  const parser = new SaxesParser({ xmlns: false });
  const skip = opts.skip ?? new Set<string>();
  const done: PlacedXmlElement[] = [];
  const open: XmlElement[] = [];
  /** The line of the start tag of the element being read, once its name is known to be one of `names`. */
  let line = 0;
  /** Depth within a skipped element (0: none is open). */
  let skipped = 0;
  parser.on('opentagstart', (tag) => {
    if (open.length === 0 && names.has(localName(tag.name))) line = openTagLine(parser);
  });
  parser.on('opentag', (tag) => {
    if (skipped > 0) {
      skipped++;
      return;
    }
    if (open.length === 0 && !names.has(localName(tag.name))) return;
    if (open.length > 0 && skip.has(localName(tag.name))) {
      skipped = 1;
      return;
    }
    const element = elementOf(tag);
    open.at(-1)?.children.push(element);
    open.push(element);
  });
  parser.on('closetag', () => {
    if (skipped > 0) {
      skipped--;
      return;
    }
    const element = open.pop();
    if (element && open.length === 0) done.push(Object.assign(element, { line }));
  });
  const addText = (text: string) => {
    if (skipped > 0) return;
    const at = open.at(-1);
    if (at) at.text += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of bytes) {
    parser.write(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    yield* done.splice(0);
  }
  parser.write(decoder.decode()).close();
  yield* done.splice(0);
}

/** The child elements of that name, in order. */
export const childrenNamed = <N extends XmlTreeNode<N>>(node: N | undefined, name: string): N[] =>
  node ? node.children.filter((c) => c.name === name) : [];

/** The first element down that path of names. */
export function descend<N extends XmlTreeNode<N>>(node: N | undefined, ...names: string[]): N | undefined {
  let at = node;
  for (const name of names) {
    at = at?.children.find((c) => c.name === name);
    if (!at) return undefined;
  }
  return at;
}

/** The trimmed text of the element down that path; null when absent or blank (not published). */
export function textAt<N extends XmlTreeNode<N>>(node: N | undefined, ...names: string[]): string | null {
  const t = descend(node, ...names)?.text.trim() ?? '';
  return t === '' ? null : t;
}
