import { ORGANISATION, type SeBolagsverketRecord } from '../../schemas/events/seBolagsverketEvents.ts';
import { isValidOrganisationsnummer } from '../../schemas/identifiers/organisationsnummer.ts';
import type { HeaderSink } from '../core/filesPass.ts';
import { readNumberedLines } from '../core/readNumberedLines.ts';
import type { LinedSnapshotRow } from '../core/snapshotRow.ts';
import { openUpstreamFile } from '../core/upstreamFile.ts';
import { splitBolagsverketLine } from './splitBolagsverketLine.ts';

/** A line broken by line breaks is joined with the next ones, at most this many. */
const MAX_JOINED_LINES = 50;

/** What a pass left out, by reason (counted, never logged by row). */
export interface BolagsverketSetAside {
  enskilda_naringsidkare: number;
  identites_non_organisationsnummer: number;
  numeros_invalides: number;
  lignes_illisibles: number;
}

export const emptyBolagsverketSetAside = (): BolagsverketSetAside => ({
  enskilda_naringsidkare: 0,
  identites_non_organisationsnummer: 0,
  numeros_invalides: 0,
  lignes_illisibles: 0,
});

/** A field as published; the placeholder `null` and an empty field are not published. */
const value = (f: string | undefined): string | null => {
  const v = f?.trim();
  return !v || v === 'null' ? null : v;
};

/**
 * The organisation a row is, or null (counted in `setAside`) for a sole trader, an identity that is not an
 * organisationsnummer, or a number whose Luhn digit fails.
 */
function organisationRow(
  record: SeBolagsverketRecord,
  line: number,
  setAside: BolagsverketSetAside,
): LinedSnapshotRow | null {
  const [number, type] = (record.organisationsidentitet ?? '').split('$');
  if (type === 'PERSON-IDORG' || record.organisationsform === 'E-ORGFO') {
    setAside.enskilda_naringsidkare++;
    return null;
  }
  if (type !== 'ORGNR-IDORG') {
    setAside.identites_non_organisationsnummer++;
    return null;
  }
  const id = (number ?? '').replace(/\D/g, '');
  if (!isValidOrganisationsnummer(id)) {
    setAside.numeros_invalides++;
    return null;
  }
  return { kind: ORGANISATION, id, record, line };
}

/** Two rows of one organisation: the first (its line too), its names joined with the second's new ones by `|`. */
function merge(a: LinedSnapshotRow, b: LinedSnapshotRow): LinedSnapshotRow {
  const names = [a.record.organisationsnamn, b.record.organisationsnamn]
    .flatMap((n) => (typeof n === 'string' ? n.split('|') : []))
    .filter((n, i, all) => all.indexOf(n) === i);
  return { ...a, record: { ...a.record, organisationsnamn: names.length ? names.join('|') : null } };
}

/**
 * Organisations of `bolagsverket_bulkfil.txt` (or the `.zip` as downloaded): one row per organisation, sole
 * traders left out before anything is kept. Consecutive rows of one number are merged. Each row keeps the
 * physical line its record starts on (`sed -n '<line>p'` shows it; a record broken over several lines
 * starts on the first, two rows merged keep the first's).
 */
export async function* readBolagsverketFile(
  file: string,
  onHeader: HeaderSink | undefined,
  setAside: BolagsverketSetAside,
): AsyncGenerator<LinedSnapshotRow> {
  let header: string[] | null = null;
  let buffer: string[] = [];
  /** The physical line the record being joined in `buffer` starts on. */
  let start = 0;
  let pending: LinedSnapshotRow | null = null;
  for await (const { text: raw, line: at } of readNumberedLines(await openUpstreamFile(file))) {
    const line: string = header === null ? raw.replace(/^\uFEFF/, '') : raw;
    if (header === null) {
      if (!line.trim()) continue;
      header = splitBolagsverketLine(line, 1)!.map((c) => c.replace(/^"|"$/g, ''));
      onHeader?.(header);
      continue;
    }
    if (buffer.length === 0) start = at;
    buffer.push(line);
    const fields = splitBolagsverketLine(buffer.join('\n'), header.length);
    if (!fields) {
      if (buffer.length >= MAX_JOINED_LINES) {
        setAside.lignes_illisibles++;
        buffer = [];
      }
      continue;
    }
    buffer = [];
    if (fields.length === 1 && !fields[0]) continue;
    const record: SeBolagsverketRecord = {};
    header.forEach((name, i) => {
      record[name] = value(fields[i]);
    });
    const row = organisationRow(record, start, setAside);
    if (!row) continue;
    if (pending && pending.id === row.id) {
      pending = merge(pending, row);
      continue;
    }
    if (pending) yield pending;
    pending = row;
  }
  if (buffer.length > 0) setAside.lignes_illisibles++;
  if (pending) yield pending;
}
