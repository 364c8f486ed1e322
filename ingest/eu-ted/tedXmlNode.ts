import { SaxesParser } from 'saxes';

/**
 * One element of a TED notice: its local name (namespace prefix dropped: `cbc:ID` → `ID`), its attributes
 * (by local name), its own text, and its child elements in document order. A notice is a few tens of KB
 * (a few MB for the largest, with every language): held whole.
 */
export interface TedNode {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: TedNode[];
}

const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

/** The root element of a notice's XML, parsed by saxes (well-formedness errors throw). */
export function parseTedXml(xml: string): TedNode {
  const parser = new SaxesParser({ xmlns: false });
  const root: TedNode = { name: '', attributes: {}, text: '', children: [] };
  const stack: TedNode[] = [root];
  parser.on('opentag', (tag) => {
    const attributes: Record<string, string> = {};
    for (const [key, value] of Object.entries(tag.attributes as Record<string, string>)) {
      attributes[localName(key)] = value;
    }
    const node: TedNode = { name: localName(tag.name), attributes, text: '', children: [] };
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

/** The child elements of that name, in order. */
export const childrenNamed = (node: TedNode | undefined, name: string): TedNode[] =>
  node ? node.children.filter((c) => c.name === name) : [];

/** The first element down that path of names. */
export function descend(node: TedNode | undefined, ...names: string[]): TedNode | undefined {
  let at = node;
  for (const name of names) {
    at = at?.children.find((c) => c.name === name);
    if (!at) return undefined;
  }
  return at;
}

/** The trimmed text of the element down that path; null when absent or blank. */
export function textAt(node: TedNode | undefined, ...names: string[]): string | null {
  const t = descend(node, ...names)?.text.trim() ?? '';
  return t === '' ? null : t;
}

/** The text of every `P` of an R2.0.9 text block, joined by a space; null when none. */
export function paragraphsOf(node: TedNode | undefined): string | null {
  const parts = childrenNamed(node, 'P')
    .map((p) => p.text.replace(/\s+/g, ' ').trim())
    .filter((t) => t !== '');
  return parts.length > 0 ? parts.join(' ') : null;
}
