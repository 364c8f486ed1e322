import { FR_RGE_REGISTER, frRgeStreamOf } from '../../schemas/events/frRgeEvents.ts';
import { datedFileIngest } from '../core/datedFilePass.ts';
import { emptyRgeReport, readRgeJson } from './readFrRgeJson.ts';

/**
 * One snapshot pass of the RGE list (`snapshotDate`: the date of the download): changed qualifications only,
 * dropped ones, counts and a read report (lines set aside, history lines not current).
 */
export const ingestFrRge = datedFileIngest({
  register: FR_RGE_REGISTER,
  emptyReport: emptyRgeReport,
  read: readRgeJson,
  rowsOf: 'RGE',
  streamOf: frRgeStreamOf,
  // The reader gives each qualification its line: a first pass goes in block events.
  blocks: true,
});
