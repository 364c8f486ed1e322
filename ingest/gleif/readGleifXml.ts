import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import type { GleifRecord } from '../../schemas/events/gleifEvents.ts';
import { localName, openTagLine } from '../core/xmlTree.ts';
import { type PlanElement, type PlanItems, planOf } from './gleifFieldPlan.ts';
import type { RecordFields } from './gleifFields.ts';
import { recordInCanonicalOrder } from './gleifRecords.ts';

/** A record of a golden-copy file and where it is there (readGleifFile.ts says what `line` is per form). */
export interface PlacedGleifRecord {
  record: GleifRecord;
  line: number;
}

/** An open element the record's fields go through (the first of its name under its parent). */
interface PathFrame {
  plan: PlanElement;
  /** Names of the children already entered: only the first child of a name is read, as `descend` does. */
  entered: Set<string> | null;
  text: string;
}

/** An open item of a repeated field; `values` by the position of its sub-elements (`read`: met already). */
interface ItemFrame {
  items: PlanItems;
  text: string;
  values: (string | null)[];
  read: boolean[];
}

/** An open sub-element of an item: its text is the item's value at `position` (the first one only). */
interface ItemFieldFrame {
  item: ItemFrame;
  position: number;
  text: string;
}

type Frame =
  | ({ kind: 'path' } & PathFrame)
  | ({ kind: 'item' } & ItemFrame)
  | ({ kind: 'field' } & ItemFieldFrame);

/**
 * The trimmed text, null when blank. The parser's text is a slice of the chunk it was read from (64 KB):
 * kept as is, every value would hold its whole chunk alive for as long as the record is (a batch written
 * to the log); a value of its own lets the chunk go.
 */
const clean = (text: string): string | null => {
  const t = text.trim();
  return t === '' ? null : ` ${t}`.slice(1);
};

/** Enters a child of a path element the first time its name is met there. */
function firstEntry(frame: PathFrame, name: string): boolean {
  frame.entered ??= new Set();
  if (frame.entered.has(name)) return false;
  frame.entered.add(name);
  return true;
}

/**
 * The records of a golden-copy XML file (`lei:LEIRecord`, `rr:RelationshipRecord`, `repex:Exception`) under
 * the CSV column names, streamed, in batches (the records completed by each chunk read). Only the elements
 * that hold a kept field are followed, and no element tree is built: a record is its fields, gathered as the
 * parser goes, the same record `recordOfNode` makes of the element tree (first element of a path, repeated
 * items numbered from 1 in document order, empty ones skipped). Elements are matched by local name, so a
 * change of namespace prefix does not matter. A malformed or truncated file throws (saxes is a
 * well-formedness checking parser): the pass is refused. Each record comes with the physical line its start
 * tag opens on (the line of its `<`, xmlTree.ts openTagLine).
 */
export async function* readGleifXmlRecords(
  input: Readable,
  recordElement: string,
  fields: RecordFields,
): AsyncGenerator<PlacedGleifRecord[]> {
  const root = planOf(fields);
  const parser = new SaxesParser();
  let done: PlacedGleifRecord[] = [];
  /** The line the open record's start tag is on. */
  let recordLine = 0;
  const open: Frame[] = [];
  /** Depth of the elements being skipped (not on any kept field's path) below the top frame. */
  let skipped = 0;
  let entries: [string, string][] = [];
  let counters: number[] = [];

  const set = (key: string, value: string | null) => {
    if (value !== null) entries.push([key, value]);
  };
  /** The next number of a repeated field's items in this record (from 1). */
  const nextNumber = (index: number): number => {
    counters[index] = (counters[index] ?? 0) + 1;
    return counters[index];
  };
  const closeItem = (item: ItemFrame) => {
    const { field, index } = item.items;
    if (field.fields.length === 0) {
      const value = clean(item.text);
      if (value !== null) set(`${field.csv}.${nextNumber(index)}`, value);
      return;
    }
    if (item.values.every((v) => v === null)) return;
    const n = nextNumber(index);
    for (const [i, [, csv]] of field.fields.entries())
      set(`${field.csv}.${n}.${csv}`, item.values[i] ?? null);
  };

  parser.on('opentagstart', (tag) => {
    if (open.length === 0 && localName(tag.name) === recordElement) recordLine = openTagLine(parser);
  });
  parser.on('opentag', (tag) => {
    if (skipped > 0) {
      skipped++;
      return;
    }
    const name = localName(tag.name);
    const top = open[open.length - 1];
    if (top === undefined) {
      if (name === recordElement) open.push({ kind: 'path', plan: root, entered: null, text: '' });
      return;
    }
    if (top.kind === 'path') {
      const items = top.plan.items.get(name);
      if (items) {
        const values = items.field.fields.map(() => null);
        open.push({ kind: 'item', items, text: '', values, read: values.map(() => false) });
        return;
      }
      const plan = top.plan.children.get(name);
      if (plan && firstEntry(top, name)) {
        open.push({ kind: 'path', plan, entered: null, text: '' });
        return;
      }
    } else if (top.kind === 'item') {
      const position = top.items.subFields.get(name);
      if (position !== undefined) {
        open.push({ kind: 'field', item: top, position, text: '' });
        return;
      }
    }
    skipped = 1;
  });
  const onText = (text: string) => {
    if (skipped > 0) return;
    const top = open[open.length - 1];
    // Only an element whose text is a value gathers it (not the whitespace between a record's elements).
    if (top && (top.kind !== 'path' || top.plan.single !== null)) top.text += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    if (skipped > 0) {
      skipped--;
      return;
    }
    const frame = open.pop();
    if (frame === undefined) return;
    if (frame.kind === 'field') {
      // A sub-element met again in the same item is not read: the first one is the item's value.
      if (!frame.item.read[frame.position]) {
        frame.item.read[frame.position] = true;
        frame.item.values[frame.position] = clean(frame.text);
      }
      return;
    }
    if (frame.kind === 'item') {
      closeItem(frame);
      return;
    }
    if (frame.plan.single !== null) set(frame.plan.single, clean(frame.text));
    if (open.length === 0) {
      done.push({ record: recordInCanonicalOrder(entries), line: recordLine });
      entries = [];
      counters = [];
    }
  });

  input.setEncoding('utf8');
  for await (const chunk of input as AsyncIterable<string>) {
    parser.write(chunk);
    if (done.length > 0) {
      yield done;
      done = [];
    }
  }
  parser.close();
  if (done.length > 0) yield done;
}
