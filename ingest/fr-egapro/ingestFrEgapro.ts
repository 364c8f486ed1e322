import { FR_EGAPRO_REGISTER, frEgaproStreamOf } from '../../schemas/events/frEgaproEvents.ts';
import { datedFileIngest } from '../core/datedFilePass.ts';
import { emptyEgaproReport, readEgaproCsv } from './readFrEgaproCsv.ts';

/**
 * One snapshot pass of the Egapro export (`snapshotDate`: the date of the export): changed declarations only,
 * dropped ones, counts and a read report.
 */
export const ingestFrEgapro = datedFileIngest({
  register: FR_EGAPRO_REGISTER,
  emptyReport: emptyEgaproReport,
  read: readEgaproCsv,
  rowsOf: 'egapro',
  streamOf: frEgaproStreamOf,
});
