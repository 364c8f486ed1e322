import { localName, type XmlTreeNode } from '../core/xmlTree.ts';

/**
 * One element of a golden-copy record, whatever the file's form: its local name (namespace prefix dropped),
 * its text, and its child elements in document order. The XML reader builds it from the elements, the JSON
 * reader from the objects (`"$"` is the text, `"@..."` attributes are not kept, an array is repeated elements).
 */
export type GleifNode = XmlTreeNode<GleifNode>;

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
