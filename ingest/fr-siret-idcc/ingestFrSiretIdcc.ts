import {
  CONVENTION,
  FR_SIRET_IDCC_REGISTER,
  frSiretIdccStreamOf,
  SIRET_IDCC_COLUMNS,
} from '../../schemas/events/frSiretIdccEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import type { DatedFileIngestOptions } from '../core/datedFileCommand.ts';
import { datedFileIngest } from '../core/datedFilePass.ts';
import { emptySiretIdccReport, readSiretIdccCsv } from './readFrSiretIdccCsv.ts';

/** `snapshotDate`: the date of the download. */
export interface IngestFrSiretIdccOptions extends DatedFileIngestOptions {
  batchSize?: number;
}

/**
 * One snapshot pass of the SIRET-IDCC file (about 2.4 million rows, streamed): changed rows only, dropped
 * ones (an establishment that no longer declares an agreement), counts and a read report.
 */
export const ingestFrSiretIdcc: (opts: IngestFrSiretIdccOptions) => Promise<SnapshotCompletedData> =
  datedFileIngest({
    register: FR_SIRET_IDCC_REGISTER,
    emptyReport: emptySiretIdccReport,
    read: readSiretIdccCsv,
    rowsOf: 'siret-idcc',
    streamOf: frSiretIdccStreamOf,
    columns: { [CONVENTION]: [...SIRET_IDCC_COLUMNS] },
  });
