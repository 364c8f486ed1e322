import { stat } from 'node:fs/promises';
import {
  FR_RATIOS_INPI_BCE_REGISTER,
  frRatiosInpiBceStreamOf,
} from '../../schemas/events/frRatiosInpiBceEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import type { DatedFileIngestOptions } from '../core/datedFileCommand.ts';
import { runSnapshotPass } from '../core/snapshotPass.ts';
import { sha256OfFile } from '../core/upstreamFile.ts';
import { emptyReadReport, readRatiosCsv } from './readFrRatiosInpiBceCsv.ts';

/** `snapshotDate`: the date of the export, which is also the pass's version (no other label is taken). */
export type IngestFrRatiosInpiBceOptions = Omit<DatedFileIngestOptions, 'version'>;

/** Average bytes per row of the real export (about 150): used only to estimate a progress total. */
export const RATIOS_BYTES_PER_ROW = 150;

/** One snapshot pass of the ratios export: changed exercises only, dropped ones, counts and a read report. */
export async function ingestFrRatiosInpiBce(
  opts: IngestFrRatiosInpiBceOptions,
): Promise<SnapshotCompletedData> {
  const fileSha256 = await sha256OfFile(opts.file);
  const report = emptyReadReport();
  return runSnapshotPass({
    knex: opts.knex,
    store: opts.store,
    logger: opts.logger,
    register: FR_RATIOS_INPI_BCE_REGISTER,
    version: opts.snapshotDate,
    snapshotDate: opts.snapshotDate,
    fileSha256,
    rows: readRatiosCsv(opts.file, report),
    streamOf: frRatiosInpiBceStreamOf,
    onProgress: opts.onProgress,
    report: () => ({ ...report }),
  });
}

export async function estimateRatiosRows(file: string): Promise<number> {
  return Math.max(1, Math.round((await stat(file)).size / RATIOS_BYTES_PER_ROW));
}
