import { FR_EGAPRO_REGISTER, frEgaproStreamOf } from '../../schemas/events/frEgaproEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import type { DatedFileIngestOptions } from '../core/datedFileCommand.ts';
import { runSnapshotPass } from '../core/snapshotPass.ts';
import { sha256OfFile } from '../core/upstreamFile.ts';
import { emptyEgaproReport, readEgaproCsv } from './readFrEgaproCsv.ts';

/**
 * One snapshot pass of the Egapro export (`snapshotDate`: the date of the export): changed declarations only,
 * dropped ones, counts and a read report.
 */
export async function ingestFrEgapro(opts: DatedFileIngestOptions): Promise<SnapshotCompletedData> {
  const report = emptyEgaproReport();
  const done = await runSnapshotPass({
    knex: opts.knex,
    store: opts.store,
    logger: opts.logger,
    register: FR_EGAPRO_REGISTER,
    version: opts.version ?? opts.snapshotDate,
    snapshotDate: opts.snapshotDate,
    fileSha256: await sha256OfFile(opts.file),
    rows: readEgaproCsv(opts.file, report),
    streamOf: frEgaproStreamOf,
    onProgress: opts.onProgress,
    report: () => ({ ...report }),
  });
  if (report.lignesEcartees > 0) {
    opts.logger.warn(
      { register: FR_EGAPRO_REGISTER, lignesEcartees: report.lignesEcartees },
      'egapro rows set aside',
    );
  }
  return done;
}
