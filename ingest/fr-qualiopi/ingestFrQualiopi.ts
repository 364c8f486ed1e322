import { FR_QUALIOPI_REGISTER, frQualiopiStreamOf } from '../../schemas/events/frQualiopiEvents.ts';
import { datedFileIngest } from '../core/datedFilePass.ts';
import { emptyQualiopiReport, readQualiopiCsv } from './readFrQualiopiCsv.ts';

/**
 * One snapshot pass of the public list of training organisations (`snapshotDate`: the date of the download):
 * changed declarations only, dropped ones, counts and a read report.
 */
export const ingestFrQualiopi = datedFileIngest({
  register: FR_QUALIOPI_REGISTER,
  emptyReport: emptyQualiopiReport,
  read: readQualiopiCsv,
  rowsOf: 'qualiopi',
  streamOf: frQualiopiStreamOf,
  // The reader gives each row its line: a first pass goes in block events.
  blocks: true,
});
