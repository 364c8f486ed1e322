import { FR_ICPE_REGISTER, frIcpeStreamOf } from '../../schemas/events/frIcpeEvents.ts';
import { datedFileIngest } from '../core/datedFilePass.ts';
import { emptyIcpeReport, readIcpeZip } from './readFrIcpeZip.ts';

/**
 * One snapshot pass of Géorisques' classified installations (`snapshotDate`: the date of the download):
 * changed installations only, dropped ones, counts and a read report (installations without a SIRET, lines
 * set aside, rubriques and inspections joined).
 */
export const ingestFrIcpe = datedFileIngest({
  register: FR_ICPE_REGISTER,
  emptyReport: emptyIcpeReport,
  read: readIcpeZip,
  rowsOf: 'ICPE',
  streamOf: frIcpeStreamOf,
  // The reader gives each installation its line in InstallationClassee.csv: a first pass goes in block events.
  blocks: true,
});
