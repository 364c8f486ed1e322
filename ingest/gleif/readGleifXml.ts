import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import { type GleifNode, localName } from './gleifNode.ts';

/**
 * The records of a golden-copy XML file (`lei:LEIRecord`, `rr:RelationshipRecord`, `repex:Exception`), one
 * element tree each, streamed: only the record being read is held, whatever the file's size (the LEI file is
 * about 4 GB). Elements are matched by local name, so a change of namespace prefix does not matter. A
 * malformed or truncated file throws (saxes is a well-formedness checking parser): the pass is refused.
 */
export async function* readGleifXmlRecords(
  input: Readable,
  recordElement: string,
): AsyncGenerator<GleifNode> {
  const parser = new SaxesParser();
  const done: GleifNode[] = [];
  const open: GleifNode[] = [];
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (open.length === 0 && name !== recordElement) return;
    const node: GleifNode = { name, text: '', children: [] };
    open[open.length - 1]?.children.push(node);
    open.push(node);
  });
  const onText = (text: string) => {
    const node = open[open.length - 1];
    if (node) node.text += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    const node = open.pop();
    if (node && open.length === 0) done.push(node);
  });
  input.setEncoding('utf8');
  for await (const chunk of input as AsyncIterable<string>) {
    parser.write(chunk);
    if (done.length > 0) yield* done.splice(0);
  }
  parser.close();
  yield* done.splice(0);
}
