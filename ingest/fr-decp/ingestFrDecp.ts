import { FR_DECP_REGISTER, frDecpStreamOf } from '../../schemas/events/frDecpEvents.ts';
import { datedFileIngest } from '../core/datedFilePass.ts';
import { emptyDecpReport, readDecpJson } from './readFrDecpJson.ts';

/**
 * One snapshot pass of the consolidated DECP file (`snapshotDate`: the date of the download): changed
 * contracts only, dropped ones, counts and a read report (contracts set aside, concessions not read,
 * contracts without a usable holder identifier).
 */
export const ingestFrDecp = datedFileIngest({
  register: FR_DECP_REGISTER,
  emptyReport: emptyDecpReport,
  read: readDecpJson,
  rowsOf: 'DECP contract',
  streamOf: frDecpStreamOf,
  // The reader numbers each contract in the file: a first pass goes in block events.
  blocks: true,
});
