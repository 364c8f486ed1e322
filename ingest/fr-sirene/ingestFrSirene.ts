import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { FR_SIRENE_REGISTER, frSireneStreamOf } from '../../schemas/events/frSireneEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import { estimateCsvRows } from '../core/estimateCsvRows.ts';
import { type FileFingerprint, fingerprintFile, manifestSha256 } from '../core/fileFingerprint.ts';
import { createProgressReporter } from '../core/progressReporter.ts';
import { runSnapshotPass, type ValuesRow } from '../core/snapshotPass.ts';
import { ETABLISSEMENT_LAYOUT, type SireneFileLayout, UNITE_LEGALE_LAYOUT } from './frSireneColumns.ts';
import {
  emptyFileReport,
  readSireneRows,
  SireneFileError,
  type SireneFileReport,
} from './readFrSireneRows.ts';
import { isIsoDate, type VersionSource, versionFromFileNames } from './stockVersion.ts';

export interface SireneIngestOptions {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  /** StockUniteLegale_utf8.csv or .zip */
  unitesLegales: string;
  /** StockEtablissement_utf8.csv or .zip */
  etablissements: string;
  /** Stock date YYYY-MM-DD; else from the file names, else the newest dateDernierTraitement of the files. */
  version?: string;
  /** Progress bar on a terminal, log lines otherwise (default true). */
  progress?: boolean;
  /** Rows compared and appended per round trip (default 2000: bench sirene, bench/HISTORY.md). */
  batchSize?: number;
  /** Record every row, as a first pass does, even when a completed pass is there (a rebuild of the log). */
  recordAll?: boolean;
  /**
   * One event per row on its company's stream, as before block events (kept to compare and to bench): by
   * default a pass that records every row (a first pass, `recordAll`) writes block events.
   */
  oneEventPerRow?: boolean;
}

const DEFAULT_BATCH_SIZE = 2000;

/** What a Sirene pass puts in `SnapshotCompleted.report`. */
export interface SireneReport extends Record<string, unknown> {
  versionSource: VersionSource;
  /** How the pass fingerprint was made: one line per file, see manifestSha256. */
  fingerprint: 'sha256 du manifeste trié / sha256 of the sorted manifest';
  files: (FileFingerprint & Omit<SireneFileReport, 'file' | 'columns'> & { kind: string })[];
}

/**
 * One pass of the Sirene stock (units then establishments) into the event log: SnapshotStarted (version =
 * stock date, fingerprint = SHA-256 of the sorted manifest of the two files) → EntityRecorded /
 * EntityChanged for rows that differ from the last completed pass → EntityDropped → SnapshotCompleted with
 * counts and, in its report, each file's SHA-256, unknown columns, rows set aside and where the version came
 * from. A pass that records every row (the first, or `recordAll`) records them in block events of 2,000 rows
 * on `snapshot-fr.sirene-blocks`, each row with its line in its file (entityBlockEvents.ts). Streams both
 * files in constant memory. A missing required column aborts before any event.
 */
export async function ingestFrSirene(opts: SireneIngestOptions): Promise<SnapshotCompletedData> {
  const { logger } = opts;
  const inputs: [string, SireneFileLayout][] = [
    [opts.unitesLegales, UNITE_LEGALE_LAYOUT],
    [opts.etablissements, ETABLISSEMENT_LAYOUT],
  ];
  const { version, source } = await resolveVersion(opts, inputs);
  // Headers first: a file that cannot be read as its layout is refused before SnapshotStarted, which
  // declares each file's columns.
  const columns: Record<string, string[]> = {};
  for (const [file, layout] of inputs) columns[layout.kind] = await headerColumns(file, layout);
  const fingerprints = await Promise.all(inputs.map(([file]) => fingerprintFile(file)));
  const reports = inputs.map(([file]) => emptyFileReport(file));
  const estimates = await Promise.all(inputs.map(([file]) => estimateCsvRows(file)));
  const totalRows = estimates.every((e) => e !== null) ? estimates.reduce((a, b) => a! + b!, 0)! : undefined;

  const progress =
    opts.progress === false
      ? null
      : createProgressReporter({ label: `fr.sirene ${version}`, logger, totalRows });
  async function* rows(): AsyncGenerator<ValuesRow> {
    for (const [i, [file, layout]] of inputs.entries()) {
      yield* readSireneRows(file, layout, reports[i]!, columns[layout.kind]);
    }
  }
  try {
    const completed = await runSnapshotPass({
      knex: opts.knex,
      store: opts.store,
      logger,
      register: FR_SIRENE_REGISTER,
      version,
      snapshotDate: version,
      fileSha256: manifestSha256(fingerprints),
      rows: rows(),
      columns,
      streamOf: frSireneStreamOf,
      ...(opts.oneEventPerRow
        ? {}
        : {
            blocks: {
              fileSha256Of: Object.fromEntries(
                inputs.map(([, layout], i) => [layout.kind, fingerprints[i]!.sha256]),
              ),
            },
          }),
      ...(opts.recordAll ? { recordAll: true } : {}),
      batchSize: opts.batchSize ?? DEFAULT_BATCH_SIZE,
      onProgress: (n) => progress?.update(n),
      report: (): SireneReport => ({
        versionSource: source,
        fingerprint: 'sha256 du manifeste trié / sha256 of the sorted manifest',
        files: inputs.map(([, layout], i) => {
          const { file: _file, columns: _columns, ...read } = reports[i]!;
          return { kind: layout.kind, ...fingerprints[i]!, ...read };
        }),
      }),
    });
    for (const r of reports) {
      if (r.unknownColumns.length > 0)
        logger.warn({ file: r.file, columns: r.unknownColumns }, 'unknown columns kept in the events');
      if (r.rejected > 0)
        logger.warn({ file: r.file, rejected: r.rejected, lines: r.rejectedLines }, 'rows set aside');
    }
    return completed;
  } finally {
    progress?.stop();
  }
}

async function resolveVersion(
  opts: SireneIngestOptions,
  inputs: [string, SireneFileLayout][],
): Promise<{ version: string; source: VersionSource }> {
  if (opts.version !== undefined) {
    if (!isIsoDate(opts.version)) throw new Error(`--version ${opts.version}: expected YYYY-MM-DD`);
    return { version: opts.version, source: 'option' };
  }
  const fromNames = versionFromFileNames(inputs.map(([file]) => file));
  if (fromNames) return { version: fromNames, source: 'nom_de_fichier' };
  // Nothing else dates the stock: read both files once for the newest processing time.
  opts.logger.info('no --version and no date in the file names: dating the stock from its rows');
  let newest: string | null = null;
  for (const [file, layout] of inputs) {
    const report = emptyFileReport(file);
    for await (const _row of readSireneRows(file, layout, report)) {
      // only the report is wanted
    }
    if (report.newestProcessedAt && (newest === null || report.newestProcessedAt > newest))
      newest = report.newestProcessedAt;
  }
  const day = newest?.slice(0, 10);
  if (!day || !isIsoDate(day)) throw new Error('cannot date the stock: give --version YYYY-MM-DD');
  return { version: day, source: 'date_dernier_traitement' };
}

/** The file's column names in the order of its rows' values; throws when it cannot be read as its layout. */
async function headerColumns(file: string, layout: SireneFileLayout): Promise<string[]> {
  const report = emptyFileReport(file);
  const rows = readSireneRows(file, layout, report);
  try {
    await rows.next();
  } finally {
    await rows.return(undefined);
  }
  if (!report.columns)
    throw new SireneFileError(`${file}: fichier vide, sans en-tête / empty file, no header`);
  return report.columns;
}
