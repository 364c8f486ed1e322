import { type RecordFields, type RepeatedField, XML_PATH_OF } from './gleifFields.ts';

/**
 * The kept fields of a record as a tree of XML element names, so that a streaming reader follows only the
 * elements that hold one (everything else, the geocoding extension for one, is skipped unread). Each element
 * of the tree is one the record's fields go through: its text is a single field, and/or its children of some
 * names are the items of a repeated field.
 */
export interface PlanElement {
  children: Map<string, PlanElement>;
  /** CSV name of the single field this element's text is; null: none. */
  single: string | null;
  /** Repeated fields whose items are children of this element, by the item's element name. */
  items: Map<string, PlanItems>;
}

export interface PlanItems {
  /** Index of the repeated field in `RecordFields.repeated` (its items are numbered per record). */
  index: number;
  field: RepeatedField;
  /** The item's sub-elements, by XML name: their position in `field.fields`. */
  subFields: Map<string, number>;
}

const element = (): PlanElement => ({ children: new Map(), single: null, items: new Map() });

function descendOrCreate(root: PlanElement, names: readonly string[]): PlanElement {
  let at = root;
  for (const name of names) {
    let next = at.children.get(name);
    if (!next) {
      next = element();
      at.children.set(name, next);
    }
    at = next;
  }
  return at;
}

/** The element tree of a file's kept fields; its root is the record element. */
export function planOf(fields: RecordFields): PlanElement {
  const root = element();
  for (const name of fields.single) {
    descendOrCreate(root, XML_PATH_OF[name] ?? name.split('.')).single = name;
  }
  fields.repeated.forEach((field, index) => {
    const parent = descendOrCreate(root, field.path.slice(0, -1));
    const itemName = field.path[field.path.length - 1]!;
    if (parent.children.has(itemName)) {
      throw new Error(`${itemName} is both a repeated item and a single field's element`);
    }
    const subFields = new Map(field.fields.map(([xml], i) => [xml, i]));
    parent.items.set(itemName, { index, field, subFields });
  });
  return root;
}
