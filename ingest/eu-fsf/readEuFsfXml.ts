import { open } from 'node:fs/promises';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { EU_FSF_ENTERPRISE, EU_FSF_ENTITY, type EuFsfRecord } from '../../schemas/events/euFsfEvents.ts';
import type { SnapshotRow } from '../core/snapshotPass.ts';
import { openUpstreamFile } from '../core/upstreamFile.ts';
import { utcDateOf } from '../core/utcDateOf.ts';

/** What reading the file noticed, for the pass report. */
export interface EuFsfReadReport {
  /** `generationDate` of the `export` element, as published. */
  generationDate: string | null;
  globalFileId: string | null;
  /** Legal persons read into the pass. */
  entitesLues: number;
  /** Natural persons (`subjectType code="person"`): counted, never logged. */
  personnesPhysiquesEcartees: number;
  /** Entities set aside: no `logicalId`, no `subjectType`, an unknown subject type, or a repeated id. */
  lignesEcartees: number;
  /** Up to 5 examples of set-aside entities (rank in the file and why), never their content. */
  exemplesEcartes: { rang: number; motif: string }[];
}

export function emptyEuFsfReport(): EuFsfReadReport {
  return {
    generationDate: null,
    globalFileId: null,
    entitesLues: 0,
    personnesPhysiquesEcartees: 0,
    lignesEcartees: 0,
    exemplesEcartes: [],
  };
}

/** An element being read: its attributes, its child elements by tag, its text. */
interface XmlNode {
  attributes: Record<string, string>;
  children: Map<string, unknown[]>;
  text: string;
}

const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

/**
 * The `sanctionEntity` elements of an FSF XML 1.1 export, streamed (the whole list is about 25 MB), as
 * snapshot rows of kind `sanctionEntity`: legal persons only, natural persons counted in the report. A file
 * that is not well-formed XML throws (the pass is then abandoned, nothing published).
 */
export async function* readEuFsfXml(file: string, report: EuFsfReadReport): AsyncGenerator<SnapshotRow> {
  const parser = new SaxesParser({ xmlns: false });
  const ready: EuFsfRecord[] = [];
  const stack: { name: string; node: XmlNode }[] = [];
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = localName(tag.name);
    if (name === 'export') {
      report.generationDate = tag.attributes.generationDate ?? null;
      report.globalFileId = tag.attributes.globalFileId ?? null;
      return;
    }
    if (stack.length === 0 && name !== EU_FSF_ENTITY) return;
    const attributes: Record<string, string> = {};
    for (const [k, v] of Object.entries(tag.attributes)) attributes[localName(k)] = v;
    stack.push({ name, node: { attributes, children: new Map(), text: '' } });
  });
  parser.on('text', (text) => {
    const top = stack.at(-1);
    if (top) top.node.text += text;
  });
  parser.on('closetag', (tag) => {
    const top = stack.at(-1);
    if (!top || top.name !== localName(tag.name)) return;
    stack.pop();
    const value = elementValue(top.node);
    const parent = stack.at(-1);
    if (parent) {
      const list = parent.node.children.get(top.name) ?? [];
      list.push(value);
      parent.node.children.set(top.name, list);
    } else if (typeof value === 'object') ready.push(value);
  });
  let rank = 0;
  const seen = new Set<string>();
  const input = await openUpstreamFile(file);
  for await (const chunk of input as AsyncIterable<Buffer>) {
    parser.write(chunk.toString('utf8'));
    for (const record of ready.splice(0)) {
      rank++;
      const row = rowOf(record, rank, seen, report);
      if (row) yield row;
    }
  }
  parser.close();
}

/** An element as the record keeps it: its text alone when it has neither attributes nor children. */
function elementValue(node: XmlNode): EuFsfRecord | string {
  const text = node.text.trim();
  if (Object.keys(node.attributes).length === 0 && node.children.size === 0) return text;
  const out: EuFsfRecord = { ...node.attributes };
  for (const [tag, list] of node.children) out[tag] = list;
  if (text !== '') out.texte = text;
  return out;
}

function rowOf(
  record: EuFsfRecord,
  rank: number,
  seen: Set<string>,
  report: EuFsfReadReport,
): SnapshotRow | null {
  const setAside = (motif: string) => {
    report.lignesEcartees++;
    if (report.exemplesEcartes.length < 5) report.exemplesEcartes.push({ rang: rank, motif });
    return null;
  };
  const subject = (record.subjectType as { code?: string }[] | undefined)?.[0]?.code;
  if (subject === 'person') {
    report.personnesPhysiquesEcartees++;
    return null;
  }
  if (subject !== EU_FSF_ENTERPRISE) return setAside('subjectType absent ou inconnu');
  const id = typeof record.logicalId === 'string' ? record.logicalId.trim() : '';
  if (!/^\d+$/.test(id)) return setAside('logicalId illisible');
  if (seen.has(id)) return setAside('logicalId déjà lu');
  seen.add(id);
  report.entitesLues++;
  return { kind: EU_FSF_ENTITY, id, record };
}

/**
 * The date of the export (`generationDate` of its root element, read in the file's first bytes) as a UTC
 * date, YYYY-MM-DD; null when absent or unreadable.
 */
export async function euFsfFileDate(file: string): Promise<string | null> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const found = /generationDate="([^"]+)"/.exec(head.subarray(0, bytesRead).toString('utf8'));
    return found?.[1] ? utcDateOf(found[1]) : null;
  } finally {
    await handle.close();
  }
}
