import {
  CONVENTION,
  conventionId,
  idccCode,
  SIRET_IDCC_COLUMNS,
  type SiretIdccColumn,
} from '../../schemas/events/frSiretIdccEvents.ts';
import { readCsvRows } from '../core/readCsvRows.ts';
import type { ValuesRow } from '../core/snapshotPass.ts';
import { openUpstreamFile } from '../core/upstreamFile.ts';

/** What reading the file noticed, for the pass report. */
export interface SiretIdccReadReport {
  /** The header as published (its spelling changed over the years). */
  entete: string[];
  /** Rows set aside: unreadable SIRET or IDCC. */
  lignesEcartees: number;
  /** Up to 5 examples of set-aside rows (line number and why), never their content. */
  exemplesEcartes: { ligne: number; motif: string }[];
}

export function emptySiretIdccReport(): SiretIdccReadReport {
  return { entete: [], lignesEcartees: 0, exemplesEcartes: [] };
}

const SIRET = /^\d{14}$/;

/** A header name to its stored column: case does not matter, `DATE_MAJ` and `datemaj` are one column. */
function columnOf(name: string): SiretIdccColumn | null {
  const n = name.trim().toLowerCase().replaceAll('_', '');
  if (n === 'datemaj') return 'date_maj';
  return (SIRET_IDCC_COLUMNS as readonly string[]).includes(n) ? (n as SiretIdccColumn) : null;
}

/**
 * Rows of the SIRET-IDCC file as values rows of kind `convention` (values in the order of
 * SIRET_IDCC_COLUMNS, trimmed, empty → null), keyed by SIRET and 4-digit IDCC. Streams a batch of records at
 * a time: memory stays constant whatever the file's size. A row whose SIRET is not 14 digits or whose IDCC
 * is not 1 to 4 digits is set aside and reported, never guessed at.
 */
export async function* readSiretIdccCsv(
  file: string,
  report: SiretIdccReadReport,
): AsyncGenerator<ValuesRow> {
  let positions: number[] | null = null;
  let siretAt = -1;
  let idccAt = -1;
  let number = 0;
  const setAside = (motif: string) => {
    report.lignesEcartees++;
    if (report.exemplesEcartes.length < 5) report.exemplesEcartes.push({ ligne: number, motif });
  };
  for await (const batch of readCsvRows(await openUpstreamFile(file), { delimiter: ',' })) {
    for (const fields of batch) {
      number++;
      if (positions === null) {
        report.entete = fields.map((f) => f.trim());
        const columns = report.entete.map(columnOf);
        positions = SIRET_IDCC_COLUMNS.map((c) => columns.indexOf(c));
        siretAt = positions[SIRET_IDCC_COLUMNS.indexOf('siret')]!;
        idccAt = positions[SIRET_IDCC_COLUMNS.indexOf('idcc')]!;
        if (siretAt < 0 || idccAt < 0) {
          throw new Error(`not a SIRET-IDCC file: header "${report.entete.join(',')}" has no SIRET or IDCC`);
        }
        continue;
      }
      if (fields.length === 1 && fields[0] === '') continue;
      const siret = fields[siretAt]?.trim() ?? '';
      if (!SIRET.test(siret)) {
        setAside('siret illisible');
        continue;
      }
      const idcc = idccCode(fields[idccAt]);
      if (idcc === null) {
        setAside('idcc illisible');
        continue;
      }
      const values = positions.map((at) => {
        const v = at < 0 ? '' : (fields[at]?.trim() ?? '');
        return v === '' ? null : v;
      });
      yield { kind: CONVENTION, id: conventionId(siret, idcc), values };
    }
  }
}
