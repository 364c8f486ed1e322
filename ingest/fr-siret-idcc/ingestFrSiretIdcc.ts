import {
  CONVENTION,
  FR_SIRET_IDCC_REGISTER,
  frSiretIdccStreamOf,
  SIRET_IDCC_COLUMNS,
} from '../../schemas/events/frSiretIdccEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import type { DatedFileIngestOptions } from '../core/datedFileCommand.ts';
import { runSnapshotPass } from '../core/snapshotPass.ts';
import { sha256OfFile } from '../core/upstreamFile.ts';
import { emptySiretIdccReport, readSiretIdccCsv } from './readFrSiretIdccCsv.ts';

/** `snapshotDate`: the date of the download. */
export interface IngestFrSiretIdccOptions extends DatedFileIngestOptions {
  batchSize?: number;
}

/**
 * One snapshot pass of the SIRET-IDCC file (about 2.4 million rows, streamed): changed rows only, dropped
 * ones (an establishment that no longer declares an agreement), counts and a read report.
 */
export async function ingestFrSiretIdcc(opts: IngestFrSiretIdccOptions): Promise<SnapshotCompletedData> {
  const report = emptySiretIdccReport();
  const done = await runSnapshotPass({
    knex: opts.knex,
    store: opts.store,
    logger: opts.logger,
    register: FR_SIRET_IDCC_REGISTER,
    version: opts.version ?? opts.snapshotDate,
    snapshotDate: opts.snapshotDate,
    fileSha256: await sha256OfFile(opts.file),
    rows: readSiretIdccCsv(opts.file, report),
    columns: { [CONVENTION]: [...SIRET_IDCC_COLUMNS] },
    streamOf: frSiretIdccStreamOf,
    batchSize: opts.batchSize,
    onProgress: opts.onProgress,
    report: () => ({ ...report }),
  });
  if (report.lignesEcartees > 0) {
    opts.logger.warn(
      { register: FR_SIRET_IDCC_REGISTER, lignesEcartees: report.lignesEcartees },
      'siret-idcc rows set aside',
    );
  }
  return done;
}
