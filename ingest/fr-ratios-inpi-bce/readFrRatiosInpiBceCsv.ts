import { createReadStream } from 'node:fs';
import {
  EXERCICE,
  exerciceId,
  RATIOS_COLUMNS,
  type RatiosRecord,
} from '../../schemas/events/frRatiosInpiBceEvents.ts';
import { readDelimitedNumbered } from '../core/readDelimited.ts';
import type { SnapshotRow } from '../core/snapshotPass.ts';

/** What reading the file noticed, for the pass report. */
export interface RatiosReadReport {
  /** Header names the ingester does not know (kept in the records). */
  colonnesInconnues: string[];
  /** Known columns absent from the header. */
  colonnesAbsentes: string[];
  /** Rows set aside because their SIREN, closing date or statement type is unreadable. */
  lignesEcartees: number;
  /** Up to 5 examples of set-aside rows (line number and why), never their figures. */
  exemplesEcartes: { ligne: number; motif: string }[];
}

const SIREN = /^\d{9}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Rows of the ratios CSV export as snapshot rows of kind `exercice`. Values stay strings as published (empty
 * → null). A row whose key columns are unreadable is set aside and reported, never guessed at.
 */
export async function* readRatiosCsv(file: string, report: RatiosReadReport): AsyncGenerator<SnapshotRow> {
  const onHeader = (names: string[]) => {
    const known = new Set<string>(RATIOS_COLUMNS);
    report.colonnesInconnues = names.filter((n) => !known.has(n));
    report.colonnesAbsentes = RATIOS_COLUMNS.filter((c) => !names.includes(c));
    if (report.colonnesAbsentes.some((c) => c === 'siren' || c === 'date_cloture_exercice')) {
      throw new Error(`not a ratios_inpi_bce export: missing ${report.colonnesAbsentes.join(', ')}`);
    }
  };
  for await (const { record: row, number } of readDelimitedNumbered(createReadStream(file), {
    delimiter: ';',
    onHeader,
  })) {
    const record: RatiosRecord = {};
    for (const [k, v] of Object.entries(row)) {
      const value = v?.trim() ?? '';
      record[k] = value === '' ? null : value;
    }
    const motif = refusal(record);
    if (motif) {
      report.lignesEcartees++;
      if (report.exemplesEcartes.length < 5) report.exemplesEcartes.push({ ligne: number, motif });
      continue;
    }
    yield {
      kind: EXERCICE,
      id: exerciceId(record.siren!, record.date_cloture_exercice!, record.type_bilan!),
      record,
    };
  }
}

export function emptyReadReport(): RatiosReadReport {
  return { colonnesInconnues: [], colonnesAbsentes: [], lignesEcartees: 0, exemplesEcartes: [] };
}

function refusal(r: RatiosRecord): string | null {
  if (!r.siren || !SIREN.test(r.siren)) return 'siren illisible';
  if (!r.date_cloture_exercice || !ISO_DATE.test(r.date_cloture_exercice)) return 'date de clôture illisible';
  if (Number.isNaN(Date.parse(`${r.date_cloture_exercice}T00:00:00Z`))) return 'date de clôture illisible';
  if (!r.type_bilan || !/^[A-Z]{1,2}$/.test(r.type_bilan)) return 'type de bilan illisible';
  return null;
}
