import {
  EGAPRO_COLUMNS,
  EGAPRO_COLUMNS_FIRST,
  EGAPRO_INDEX,
  EGAPRO_REQUIRED_COLUMNS,
  type EgaproRecord,
  egaproIndexId,
} from '../../schemas/events/frEgaproEvents.ts';
import { readDelimitedNumbered } from '../core/readDelimited.ts';
import type { SnapshotRow } from '../core/snapshotPass.ts';
import { openUpstreamFile } from '../core/upstreamFile.ts';

/** What reading the export noticed, for the pass report. */
export interface EgaproReadReport {
  /** `courant` (18 columns), `premier` (17 columns) or `autre` (read by name all the same). */
  entete: 'courant' | 'premier' | 'autre';
  /** Header names of neither known layout (kept in the records). */
  colonnesInconnues: string[];
  /** Rows set aside: unreadable SIREN or year, or a second row for the same SIREN and year. */
  lignesEcartees: number;
  /** Up to 5 examples of set-aside rows (line number and why), never their content. */
  exemplesEcartes: { ligne: number; motif: string }[];
}

const SIREN = /^\d{9}$/;
const YEAR = /^\d{4}$/;

export function emptyEgaproReport(): EgaproReadReport {
  return { entete: 'autre', colonnesInconnues: [], lignesEcartees: 0, exemplesEcartes: [] };
}

/**
 * Rows of the Egapro export (`;`, UTF-8 with or without a BOM, LF or CRLF) as snapshot rows of kind `index`,
 * one per SIREN and year: the first row of a SIREN and year is kept, a later one is set aside and reported.
 * Values stay strings as published, trimmed (empty → null). The set of SIREN-years seen is held in memory:
 * the export has one row per declaration (tens of thousands a year), not millions.
 */
export async function* readEgaproCsv(file: string, report: EgaproReadReport): AsyncGenerator<SnapshotRow> {
  const onHeader = (names: string[]) => {
    const missing = EGAPRO_REQUIRED_COLUMNS.filter((c) => !names.includes(c));
    if (missing.length > 0) throw new Error(`not an Egapro export: missing ${missing.join(', ')}`);
    report.entete = sameColumns(names, EGAPRO_COLUMNS)
      ? 'courant'
      : sameColumns(names, EGAPRO_COLUMNS_FIRST)
        ? 'premier'
        : 'autre';
    const known = new Set<string>([...EGAPRO_COLUMNS, ...EGAPRO_COLUMNS_FIRST]);
    report.colonnesInconnues = names.filter((n) => !known.has(n));
  };
  const seen = new Set<string>();
  const setAside = (ligne: number, motif: string) => {
    report.lignesEcartees++;
    if (report.exemplesEcartes.length < 5) report.exemplesEcartes.push({ ligne, motif });
  };
  for await (const { record: row, number } of readDelimitedNumbered(await openUpstreamFile(file), {
    delimiter: ';',
    onHeader,
  })) {
    const record: EgaproRecord = {};
    for (const [k, v] of Object.entries(row)) {
      const value = v?.trim() ?? '';
      record[k] = value === '' ? null : value;
    }
    const siren = record.SIREN;
    const annee = record.Année;
    if (!siren || !SIREN.test(siren)) {
      setAside(number, 'siren illisible');
      continue;
    }
    if (!annee || !YEAR.test(annee)) {
      setAside(number, 'année illisible');
      continue;
    }
    const id = egaproIndexId(siren, annee);
    if (seen.has(id)) {
      setAside(number, 'seconde ligne pour ce SIREN et cette année');
      continue;
    }
    seen.add(id);
    yield { kind: EGAPRO_INDEX, id, record };
  }
}

function sameColumns(names: readonly string[], layout: readonly string[]): boolean {
  return names.length === layout.length && layout.every((c) => names.includes(c));
}
