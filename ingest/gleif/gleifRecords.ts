import {
  type GleifRecord,
  LEI_RECORD,
  RELATIONSHIP,
  REPORTING_EXCEPTION,
  sirenOfLeiRecord,
} from '../../schemas/events/gleifEvents.ts';
import type { SnapshotRow } from '../core/snapshotPass.ts';
import { childrenNamed, descend, textAt } from '../core/xmlTree.ts';
import {
  ENTITY_KIND_FIELDS,
  EXCEPTION_FIELDS,
  LEI_FIELDS,
  RELATIONSHIP_FIELDS,
  type RecordFields,
  XML_PATH_OF,
} from './gleifFields.ts';
import type { GleifNode } from './gleifNode.ts';

/** The three files of a golden-copy publication. */
export type GleifRole = 'lei2' | 'rr' | 'repex';

export const FIELDS_OF: Readonly<Record<GleifRole, RecordFields>> = {
  lei2: LEI_FIELDS,
  rr: RELATIONSHIP_FIELDS,
  repex: EXCEPTION_FIELDS,
};

/** The record element of each file's XML (and the element a JSON record stands for). */
export const RECORD_ELEMENT: Readonly<Record<GleifRole, string>> = {
  lei2: 'LEIRecord',
  rr: 'RelationshipRecord',
  repex: 'Exception',
};

/**
 * A record with its fields in canonical order (keys sorted by code unit): its JSON is then its canonical
 * JSON, the pass's digest input and the event's data, written in one native pass (`ownJsonIfCanonical`).
 */
export function recordInCanonicalOrder(entries: [string, string][]): GleifRecord {
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const record: GleifRecord = {};
  for (const [k, v] of entries) record[k] = v;
  return record;
}

const clean = (v: string | null | undefined): string | null => {
  const t = v?.trim() ?? '';
  return t === '' ? null : t;
};

/** An XML or JSON record under the CSV column names; repeated items numbered from 1, empty ones skipped. */
export function recordOfNode(fields: RecordFields, node: GleifNode): GleifRecord {
  const entries: [string, string][] = [];
  for (const name of fields.single) {
    const v = textAt(node, ...(XML_PATH_OF[name] ?? name.split('.')));
    if (v !== null) entries.push([name, v]);
  }
  for (const r of fields.repeated) {
    const parent = r.path.length > 1 ? descend(node, ...r.path.slice(0, -1)) : node;
    let n = 0;
    for (const item of childrenNamed(parent, r.path[r.path.length - 1]!)) {
      const values =
        r.fields.length === 0
          ? [['', clean(item.text)] as const]
          : r.fields.map(([x, c]) => [c, textAt(item, x)] as const);
      if (values.every(([, v]) => v === null)) continue;
      n++;
      for (const [c, v] of values)
        if (v !== null) entries.push([c === '' ? `${r.csv}.${n}` : `${r.csv}.${n}.${c}`, v]);
    }
  }
  return recordInCanonicalOrder(entries);
}

/** Slots of a repeated column the CSV may have (5 in the published layout; read further if present). */
const MAX_SLOTS = 20;

/** A CSV golden-copy row as the same record: its columns by name, repeated slots renumbered from 1. */
export function recordOfCsvRow(
  fields: RecordFields,
  row: Readonly<Record<string, string | null>>,
): GleifRecord {
  const entries: [string, string][] = [];
  for (const name of fields.single) {
    const v = clean(row[name]);
    if (v !== null) entries.push([name, v]);
  }
  for (const r of fields.repeated) {
    let n = 0;
    for (let slot = 1; slot <= MAX_SLOTS; slot++) {
      const values =
        r.fields.length === 0
          ? [['', clean(row[`${r.csv}.${slot}`])] as const]
          : r.fields.map(([, c]) => [c, clean(row[`${r.csv}.${slot}.${c}`])] as const);
      if (values.every(([, v]) => v === null)) continue;
      n++;
      for (const [c, v] of values)
        if (v !== null) entries.push([c === '' ? `${r.csv}.${n}` : `${r.csv}.${n}.${c}`, v]);
    }
  }
  return recordInCanonicalOrder(entries);
}

/** What is kept of a natural person's (sole proprietor's) LEI record: no name, no address but its country. */
const SOLE_PROPRIETOR_KEPT = [
  'LEI',
  'Entity.LegalAddress.Country',
  'Entity.HeadquartersAddress.Country',
  'Entity.RegistrationAuthority.RegistrationAuthorityID',
  ...ENTITY_KIND_FIELDS,
  'Entity.EntityExpirationReason',
];

/**
 * A sole proprietor is a natural person: only the fields above and the registration's enter the log, and
 * its register number when it is a SIREN (the French company's public identifier), so the profile can still
 * match it. Other records are kept whole.
 */
export function withoutNaturalPerson(record: GleifRecord): GleifRecord {
  if (record['Entity.EntityCategory'] !== 'SOLE_PROPRIETOR') return record;
  const kept: [string, string][] = [];
  for (const [k, v] of Object.entries(record)) {
    if (SOLE_PROPRIETOR_KEPT.includes(k) || k.startsWith('Registration.')) kept.push([k, v]);
  }
  const siren = sirenOfLeiRecord(record);
  if (siren) kept.push(['Entity.RegistrationAuthority.RegistrationAuthorityEntityID', siren]);
  return recordInCanonicalOrder(kept);
}

const LEI_PATTERN = /^[A-Z0-9]{18}[0-9]{2}$/;

/** Why a record was set aside instead of entering the log. */
export type SetAsideReason = 'lei_invalide' | 'noeud_non_lei' | 'incomplet';

/** A record as the entity row of its file's kind, or why it is set aside. */
export function entityRowOf(role: GleifRole, record: GleifRecord): SnapshotRow | SetAsideReason {
  if (role === 'lei2') {
    const lei = record.LEI;
    if (!lei || !LEI_PATTERN.test(lei)) return 'lei_invalide';
    return { kind: LEI_RECORD, id: lei, record: withoutNaturalPerson(record) };
  }
  if (role === 'rr') {
    const start = record['Relationship.StartNode.NodeID'];
    const end = record['Relationship.EndNode.NodeID'];
    const type = record['Relationship.RelationshipType'];
    if (
      record['Relationship.StartNode.NodeIDType'] !== 'LEI' ||
      record['Relationship.EndNode.NodeIDType'] !== 'LEI'
    ) {
      return 'noeud_non_lei';
    }
    if (!start || !end || !type) return 'incomplet';
    return { kind: RELATIONSHIP, id: `${start}|${type}|${end}`, record };
  }
  const lei = record.LEI;
  const category = record['Exception.Category'];
  if (!lei || !LEI_PATTERN.test(lei)) return 'lei_invalide';
  if (!category) return 'incomplet';
  return { kind: REPORTING_EXCEPTION, id: `${lei}|${category}`, record };
}
