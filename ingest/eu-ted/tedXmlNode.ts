import { childrenNamed, type XmlElement } from '../core/xmlTree.ts';

/**
 * One element of a TED notice (ingest/core/xmlTree.ts): a notice is a few tens of KB (a few MB for the largest,
 * with every language), held whole.
 */
export type TedNode = XmlElement;

/** The text of every `P` of an R2.0.9 text block, joined by a space; null when none. */
export function paragraphsOf(node: TedNode | undefined): string | null {
  const parts = childrenNamed(node, 'P')
    .map((p) => p.text.replace(/\s+/g, ' ').trim())
    .filter((t) => t !== '');
  return parts.length > 0 ? parts.join(' ') : null;
}
