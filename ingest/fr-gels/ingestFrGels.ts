import { FR_GELS_REGISTER, frGelsStreamOf } from '../../schemas/events/frGelsEvents.ts';
import { datedFileIngest } from '../core/datedFilePass.ts';
import { emptyFrGelsReport, readFrGelsJson } from './readFrGelsJson.ts';

/**
 * One snapshot pass of the Registre national des gels (`snapshotDate`: the publication's `DatePublication`
 * unless told otherwise): changed legal persons only, lifted measures dropped, natural persons and vessels
 * counted in the report and never logged.
 */
export const ingestFrGels = datedFileIngest({
  register: FR_GELS_REGISTER,
  emptyReport: emptyFrGelsReport,
  read: readFrGelsJson,
  rowsOf: 'gels',
  streamOf: frGelsStreamOf,
});
