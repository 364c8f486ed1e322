import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import type { DatedFileIngestOptions } from './datedFileCommand.ts';
import { datedPass } from './datedPass.ts';
import { countsAboveZero, warnSetAside } from './setAsideWarning.ts';
import { runSnapshotPass, type SnapshotRow, type ValuesRow } from './snapshotPass.ts';
import { sha256OfFile } from './upstreamFile.ts';

/** A dated file's reader report: it counts the rows it set aside in `lignesEcartees`. */
export interface SetAsideReport {
  lignesEcartees: number;
}

/**
 * One snapshot pass of a register published as one dated file, whose reader fills `report` as it goes: the
 * report is kept in `SnapshotCompleted`, and the rows set aside are warned of (`<what> rows set aside`).
 *
 * With `blocks` (a register whose reader gives each row its position in the file: `line`, a record's number
 * in a JSON file or a line in a CSV file), a pass that records every row (the first, or `recordAll`) records
 * them in block events (snapshotPass.ts `blocks`), each row with the file's SHA-256 and its position; a row
 * without one refuses its block (entityBlocks.ts), since a number counted here, after the rows set aside,
 * would name the wrong line. `oneEventPerRow` keeps one event per row on its
 * entity's stream (the mode of before block events, to compare).
 */
export async function runDatedFilePass(
  opts: DatedFileIngestOptions,
  pass: {
    register: string;
    rows: AsyncIterable<SnapshotRow | ValuesRow>;
    report: SetAsideReport;
    /** What the file's rows are called in the warning (`egapro`). */
    rowsOf: string;
    streamOf: (row: { kind: string; id: string }) => string;
    /** Its reader gives each row's position in the file: a first pass is recorded in block events. */
    blocks?: boolean;
    columns?: Record<string, string[]>;
    batchSize?: number;
  },
): Promise<SnapshotCompletedData> {
  const { report } = pass;
  const fileSha256 = await sha256OfFile(opts.file);
  const blocks = pass.blocks === true && opts.oneEventPerRow !== true;
  const done = await runSnapshotPass({
    ...datedPass(opts, pass.register, opts.snapshotDate),
    fileSha256,
    rows: pass.rows,
    ...(pass.columns ? { columns: pass.columns } : {}),
    ...(blocks ? { blocks: { fileSha256Of: () => fileSha256 } } : {}),
    ...(opts.recordAll ? { recordAll: true } : {}),
    streamOf: pass.streamOf,
    batchSize: pass.batchSize,
    onProgress: opts.onProgress,
    report: () => ({ ...report }),
  });
  warnSetAside(opts.logger, pass.register, [
    {
      fields: () => countsAboveZero({ lignesEcartees: report.lignesEcartees }),
      because: `${pass.rowsOf} rows set aside`,
    },
  ]);
  return done;
}

/**
 * The ingest function of a register published as one dated file: a fresh report for each pass, the file read
 * into it, and the pass run by runDatedFilePass (`batchSize`: rows a batch, when the caller sets it).
 */
export function datedFileIngest<R extends SetAsideReport>(register: {
  register: string;
  emptyReport: () => R;
  read: (file: string, report: R) => AsyncIterable<SnapshotRow | ValuesRow>;
  rowsOf: string;
  streamOf: (row: { kind: string; id: string }) => string;
  columns?: Record<string, string[]>;
  /** Its reader gives each row's position in the file: a first pass is recorded in block events. */
  blocks?: boolean;
}): (opts: DatedFileIngestOptions & { batchSize?: number }) => Promise<SnapshotCompletedData> {
  const { emptyReport, read, ...pass } = register;
  return (opts) => {
    const report = emptyReport();
    return runDatedFilePass(opts, {
      ...pass,
      rows: read(opts.file, report),
      report,
      batchSize: opts.batchSize,
    });
  };
}
