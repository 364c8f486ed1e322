import { FR_HATVP_REGISTER, frHatvpStreamOf } from '../../schemas/events/frHatvpEvents.ts';
import { datedFileIngest } from '../core/datedFilePass.ts';
import { emptyHatvpReport, readHatvpJson } from './readFrHatvpJson.ts';

/**
 * One snapshot pass of the HATVP register of interest representatives (`snapshotDate`: the date of the
 * download): changed organisations only, dropped ones, counts and a read report (publications set aside,
 * publications under another identifier than a SIREN).
 */
const pass = datedFileIngest({
  register: FR_HATVP_REGISTER,
  emptyReport: emptyHatvpReport,
  read: readHatvpJson,
  rowsOf: 'HATVP',
  streamOf: frHatvpStreamOf,
  // The reader gives each publication its rank in the file: a first pass goes in block events.
  blocks: true,
});

/**
 * Publications a batch (and a block event): publications are large (137 MB for a few thousand, tens of kB each,
 * some over 150 kB), and with the passes' default of 2,000 rows a batch a first pass over a 183 MB file of
 * 4,000 publications keeping 13 kB each peaked at 695 MiB; 200 a batch, at 438 MiB (BENCHMARKS.md, fr-hatvp).
 */
export const HATVP_BATCH_ROWS = 200;

export const ingestFrHatvp: typeof pass = (opts) =>
  pass({ ...opts, batchSize: opts.batchSize ?? HATVP_BATCH_ROWS });
