import { SaxesParser } from 'saxes';

/** One element read whole: its local name (prefix dropped), attributes, own text (CDATA included), children. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: XmlElement[];
}

const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

/**
 * The elements of those names in an XML byte stream, each read whole, in document order, as the bytes
 * stream: only the element being read is in memory (a weekly ST.66 file holds tens of thousands of
 * `TradeMark`, one at a time here). An element of those names inside another is its child, not yielded on
 * its own. Not well-formed XML throws.
 */
export async function* xmlElementsNamed(
  bytes: AsyncIterable<Buffer | string>,
  names: ReadonlySet<string>,
): AsyncGenerator<XmlElement> {
  const parser = new SaxesParser({ xmlns: false });
  const done: XmlElement[] = [];
  const open: XmlElement[] = [];
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (open.length === 0 && !names.has(name)) return;
    const attributes: Record<string, string> = {};
    for (const [key, value] of Object.entries(tag.attributes as Record<string, string>)) {
      attributes[localName(key)] = value;
    }
    const element: XmlElement = { name, attributes, text: '', children: [] };
    open.at(-1)?.children.push(element);
    open.push(element);
  });
  parser.on('closetag', () => {
    const element = open.pop();
    if (element && open.length === 0) done.push(element);
  });
  const addText = (text: string) => {
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
export const childrenNamed = (element: XmlElement | undefined, name: string): XmlElement[] =>
  element ? element.children.filter((c) => c.name === name) : [];

/** The first element down that path of names. */
export function descend(element: XmlElement | undefined, ...names: string[]): XmlElement | undefined {
  let at = element;
  for (const name of names) {
    at = at?.children.find((c) => c.name === name);
    if (!at) return undefined;
  }
  return at;
}

/** The trimmed text of the element down that path; null when absent or blank. */
export function textAt(element: XmlElement | undefined, ...names: string[]): string | null {
  const t = descend(element, ...names)?.text.trim() ?? '';
  return t === '' ? null : t;
}
