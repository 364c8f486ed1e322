import { FR_EGAPRO_REGISTER, frEgaproStreamOf } from '../../schemas/events/frEgaproEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import type { DatedFileIngestOptions } from '../core/datedFileCommand.ts';
import { runDatedFilePass } from '../core/datedFilePass.ts';
import { emptyEgaproReport, readEgaproCsv } from './readFrEgaproCsv.ts';

/**
 * One snapshot pass of the Egapro export (`snapshotDate`: the date of the export): changed declarations only,
 * dropped ones, counts and a read report.
 */
export function ingestFrEgapro(opts: DatedFileIngestOptions): Promise<SnapshotCompletedData> {
  const report = emptyEgaproReport();
  return runDatedFilePass(opts, {
    register: FR_EGAPRO_REGISTER,
    rows: readEgaproCsv(opts.file, report),
    report,
    rowsOf: 'egapro',
    streamOf: frEgaproStreamOf,
  });
}
