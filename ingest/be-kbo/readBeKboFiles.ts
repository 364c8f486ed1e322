import {
  type ADDRESS,
  type BeKboRecord,
  DENOMINATION,
  ENTERPRISE,
  KBO_CODE,
  KBO_CODE_CATEGORIES,
} from '../../schemas/events/beKboEvents.ts';
import { enterpriseNumberOf } from '../../schemas/identifiers/kboNumber.ts';
import type { HeaderSink } from '../core/filesPass.ts';
import { readDelimited, readDelimitedNumbered } from '../core/readDelimited.ts';
import type { SnapshotRow } from '../core/snapshotPass.ts';
import type { LinedSnapshotRow } from '../core/snapshotRow.ts';
import { openUpstreamFile } from '../core/upstreamFile.ts';

/** What a pass set aside, by reason (logged at the end of the pass; never the rows themselves). */
export interface KboSetAside {
  personnes_physiques: number;
  type_inconnu: number;
  numeros_illisibles: number;
  hors_personnes_morales: number;
}

export const emptySetAside = (): KboSetAside => ({
  personnes_physiques: 0,
  type_inconnu: 0,
  numeros_illisibles: 0,
  hors_personnes_morales: 0,
});

/** The legal persons a pass may record names and addresses of (enterprise numbers as integers). */
export interface LegalPersons {
  has(id: string): boolean;
}

/** Every KBO file is `,`-delimited UTF-8, text fields double-quoted (a BOM is dropped by the reader). */
export async function* readKboFile(file: string, onHeader?: HeaderSink) {
  yield* readDelimited(await openUpstreamFile(file), { delimiter: ',', onHeader });
}

/** readKboFile's records with their number and the physical line each starts on (the header's is 1). */
export async function* readKboFileNumbered(file: string, onHeader?: HeaderSink) {
  yield* readDelimitedNumbered(await openUpstreamFile(file), { delimiter: ',', onHeader });
}

/**
 * `enterprise` rows of the legal persons (TypeOfEnterprise 2), each added to `legal`. A natural person (1) or
 * an enterprise of unknown type (0) is counted and left out, its row included.
 */
export function enterpriseRow(
  record: BeKboRecord,
  setAside: KboSetAside,
  legal?: Set<number>,
): SnapshotRow | null {
  const id = enterpriseNumberOf(record.EnterpriseNumber);
  if (!id) {
    setAside.numeros_illisibles++;
    return null;
  }
  if (record.TypeOfEnterprise === '1') {
    setAside.personnes_physiques++;
    return null;
  }
  if (record.TypeOfEnterprise !== '2') {
    setAside.type_inconnu++;
    return null;
  }
  legal?.add(Number(id));
  return { kind: ENTERPRISE, id, record: { ...record } };
}

/** A `denomination` or `address` row of a legal person; null for anything else (units, persons). */
export function enterprisePartRow(
  kind: typeof DENOMINATION | typeof ADDRESS,
  record: BeKboRecord,
  legal: LegalPersons,
  setAside: KboSetAside,
): SnapshotRow | null {
  const id = enterpriseNumberOf(record.EntityNumber);
  if (!id || !legal.has(id)) {
    setAside.hors_personnes_morales++;
    return null;
  }
  const sub =
    kind === DENOMINATION
      ? `${record.TypeOfDenomination ?? ''}:${record.Language ?? ''}`
      : `${record.TypeOfAddress ?? ''}`;
  return { kind, id: `${id}:${sub}`, record: { ...record } };
}

/**
 * The `code` entities of the kept categories: one per (category, code), its description per language, and
 * the physical line of the code's first row (one row per language).
 */
export async function* readKboCodes(file: string, onHeader?: HeaderSink): AsyncGenerator<LinedSnapshotRow> {
  const codes = new Map<string, { record: Record<string, string | null>; line: number }>();
  for await (const { record: r, line } of readKboFileNumbered(file, onHeader)) {
    if (!KBO_CODE_CATEGORIES.includes(r.Category as (typeof KBO_CODE_CATEGORIES)[number])) continue;
    const key = `${r.Category}:${r.Code}`;
    const entry = codes.get(key) ?? { record: { Category: r.Category ?? null, Code: r.Code ?? null }, line };
    entry.record[`Description${r.Language ?? ''}`] = r.Description ?? null;
    codes.set(key, entry);
  }
  for (const [id, { record, line }] of codes) yield { kind: KBO_CODE, id, record, line };
}
