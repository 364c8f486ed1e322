/**
 * One element of a golden-copy record, whatever the file's form: its local name (namespace prefix dropped),
 * its text, and its child elements in document order. The XML reader builds it from the elements, the JSON
 * reader from the objects (`"$"` is the text, `"@..."` attributes are not kept, an array is repeated elements).
 */
export interface GleifNode {
  name: string;
  text: string;
  children: GleifNode[];
}

/** `lei:LEIRecord` → `LEIRecord`; `gleif:conformity` → `conformity`. */
export const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

/** The element a JSON golden-copy value stands for. */
export function nodeOfJson(name: string, value: unknown): GleifNode {
  if (value === null || typeof value !== 'object') {
    return { name, text: value === null || value === undefined ? '' : String(value), children: [] };
  }
  const object = value as Record<string, unknown>;
  const node: GleifNode = { name, text: typeof object.$ === 'string' ? object.$ : '', children: [] };
  for (const [key, v] of Object.entries(object)) {
    if (key === '$' || key.startsWith('@')) continue;
    for (const item of Array.isArray(v) ? v : [v]) node.children.push(nodeOfJson(localName(key), item));
  }
  return node;
}

/** The child elements of that name, in order. */
export const childrenNamed = (node: GleifNode | undefined, name: string): GleifNode[] =>
  node ? node.children.filter((c) => c.name === name) : [];

/** The first element down that path of names. */
export function descend(node: GleifNode | undefined, ...names: string[]): GleifNode | undefined {
  let at = node;
  for (const name of names) {
    at = at?.children.find((c) => c.name === name);
    if (!at) return undefined;
  }
  return at;
}

/** The trimmed text of the element down that path; null when absent or blank (not published). */
export function textAt(node: GleifNode | undefined, ...names: string[]): string | null {
  const t = descend(node, ...names)?.text.trim() ?? '';
  return t === '' ? null : t;
}
