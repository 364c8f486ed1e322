import { openCsvFile } from '../core/openCsvFile.ts';
import { readCsvBatches } from '../core/readCsvRows.ts';
import type { ValuesRow } from '../core/snapshotPass.ts';
import { checkHeader, type SireneFileLayout } from './frSireneColumns.ts';

/** What reading one file noticed, for the pass report. */
export interface SireneFileReport {
  file: string;
  rows: number;
  unknownColumns: string[];
  /** The header's column names in sorted order, once read: the order of each row's values. */
  columns: string[] | null;
  /** Rows whose identifier is malformed: set aside, never emitted (count and first line numbers). */
  rejected: number;
  rejectedLines: number[];
  /** Newest `dateDernierTraitement*` seen (`YYYY-MM-DDTHH:MM:SS`), null when the column is empty. */
  newestProcessedAt: string | null;
}

export class SireneFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SireneFileError';
  }
}

const REJECTED_LINES_KEPT = 20;

/**
 * The rows of one Sirene stock file as the event contract has them (sireneEvents.ts): each row's values in
 * the sorted order of the header's names (`report.columns`, filled when the header is read), every value the
 * string as written, empty cells null, unknown columns kept. RFC 4180 parsing
 * (quoted fields, doubled quotes); a row with the wrong number of fields aborts the read (a damaged or
 * truncated file must not be taken for a smaller register). A missing required column aborts before the
 * first row. `report` is filled as the file is read. With `expectedColumns` (the columns a pass declared), a
 * header that does not give them aborts before the first row.
 */
export async function* readSireneRows(
  file: string,
  layout: SireneFileLayout,
  report: SireneFileReport,
  expectedColumns?: readonly string[],
): AsyncGenerator<ValuesRow> {
  const opened = await openCsvFile(file);
  const { idColumn, idPattern, processedAtColumn } = layout;
  // The header, then each row as an array (a row whose length differs from the header's aborts the read).
  // Values follow the sorted names: a reordered export gives the same rows and digests.
  let columns: { name: string; index: number }[] = [];
  let width = 0;
  let idIndex = -1;
  let processedAtIndex = -1;
  /** The physical line the record read starts on (a quoted field may hold line breaks). */
  let line = 0;
  let header = true;
  try {
    for await (const batch of readCsvBatches(opened.stream)) {
      const { records, lines } = batch;
      for (let r = 0; r < records.length; r++) {
        const row = records[r]!;
        line = lines[r]!;
        if (header) {
          header = false;
          columns = readHeader(file, layout, row, report);
          if (expectedColumns && JSON.stringify(report.columns) !== JSON.stringify(expectedColumns)) {
            throw new SireneFileError(
              `${file}: l'en-tête a changé depuis le début de la passe / the header changed since the pass started`,
            );
          }
          width = row.length;
          idIndex = row.indexOf(idColumn);
          processedAtIndex = row.indexOf(processedAtColumn);
          continue;
        }
        if (row.length !== width) {
          throw new SireneFileError(
            `${file}: fichier illisible près de la ligne ${line} : ${row.length} champs au lieu de ${width} / unreadable file: ${row.length} fields where the header has ${width}`,
          );
        }
        report.rows++;
        const id = row[idIndex] ?? '';
        if (!idPattern.test(id)) {
          report.rejected++;
          if (report.rejectedLines.length < REJECTED_LINES_KEPT) report.rejectedLines.push(line);
          continue;
        }
        const values: (string | null)[] = new Array(columns.length);
        for (let i = 0; i < columns.length; i++) {
          const value = row[columns[i]!.index]!;
          values[i] = value === '' ? null : value;
        }
        const processedAt = row[processedAtIndex];
        if (processedAt && (report.newestProcessedAt === null || processedAt > report.newestProcessedAt)) {
          report.newestProcessedAt = processedAt;
        }
        yield { kind: layout.kind, id, values, line };
      }
    }
  } catch (err) {
    if (err instanceof SireneFileError) throw err;
    const cause = (err as { cause?: unknown }).cause;
    if (cause instanceof SireneFileError) throw cause;
    throw new SireneFileError(
      `${file}: fichier illisible près de la ligne ${line + 1} : ${(err as Error).message} / unreadable file`,
    );
  } finally {
    opened.stream.destroy();
  }
}

/** Checks the header against the layout and returns the columns in sorted name order. */
function readHeader(
  file: string,
  layout: SireneFileLayout,
  names: string[],
  report: SireneFileReport,
): { name: string; index: number }[] {
  const check = checkHeader(layout, names);
  if (check.missing.length > 0 || check.duplicated.length > 0) {
    throw new SireneFileError(
      `${file}: ${describeHeaderProblem(check.missing, check.duplicated)} ; en-tête attendu de ${layout.fileName} (voir FORMATS.md §1). / Not a usable ${layout.fileName} header.`,
    );
  }
  report.unknownColumns = check.unknown;
  const columns = names
    .map((name, index) => ({ name, index }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  report.columns = columns.map((c) => c.name);
  return columns;
}

export function emptyFileReport(file: string): SireneFileReport {
  return {
    file,
    rows: 0,
    unknownColumns: [],
    columns: null,
    rejected: 0,
    rejectedLines: [],
    newestProcessedAt: null,
  };
}

function describeHeaderProblem(missing: string[], duplicated: string[]): string {
  const parts: string[] = [];
  if (missing.length > 0) parts.push(`colonnes obligatoires absentes : ${missing.join(', ')}`);
  if (duplicated.length > 0) parts.push(`colonnes en double : ${duplicated.join(', ')}`);
  return parts.join(' ; ');
}
