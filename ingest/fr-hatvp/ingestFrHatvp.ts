import { FR_HATVP_REGISTER, frHatvpStreamOf } from '../../schemas/events/frHatvpEvents.ts';
import { datedFileIngest } from '../core/datedFilePass.ts';
import { emptyHatvpReport, readHatvpJson } from './readFrHatvpJson.ts';

/**
 * One snapshot pass of the HATVP register of interest representatives (`snapshotDate`: the date of the
 * download): changed organisations only, dropped ones, counts and a read report (publications set aside,
 * publications under another identifier than a SIREN).
 */
export const ingestFrHatvp = datedFileIngest({
  register: FR_HATVP_REGISTER,
  emptyReport: emptyHatvpReport,
  read: readHatvpJson,
  rowsOf: 'HATVP',
  streamOf: frHatvpStreamOf,
  // The reader gives each publication its rank in the file: a first pass goes in block events.
  blocks: true,
});
