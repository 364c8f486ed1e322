import { EU_FSF_REGISTER, euFsfStreamOf } from '../../schemas/events/euFsfEvents.ts';
import { datedFileIngest } from '../core/datedFilePass.ts';
import { emptyEuFsfReport, readEuFsfXml } from './readEuFsfXml.ts';

/**
 * One snapshot pass of the EU consolidated financial sanctions list (`snapshotDate`: the export's
 * `generationDate` unless told otherwise): changed legal persons only, delisted ones dropped, the natural
 * persons counted in the report and never logged.
 */
export const ingestEuFsf = datedFileIngest({
  register: EU_FSF_REGISTER,
  emptyReport: emptyEuFsfReport,
  read: readEuFsfXml,
  rowsOf: 'EU FSF',
  streamOf: euFsfStreamOf,
});
