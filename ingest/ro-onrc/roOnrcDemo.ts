import { RO_ONRC_REGISTER } from '../../schemas/events/roOnrcEvents.ts';
import { datedFilesDemo, demoFilesOf } from '../core/demoSeeder.ts';
import { ingestRoOnrc } from './ingestRoOnrc.ts';

/** The demo files of the ONRC open data, in their published layouts (see demo/SOURCE.txt). */
export const RO_ONRC_DEMO_FILES = demoFilesOf('ro-onrc', {
  firme: 'od_firme.csv',
  stare_firma: 'od_stare_firma.csv',
  n_stare_firma: 'n_stare_firma.csv',
  reprezentanti_legali: 'od_reprezentanti_legali.csv',
});

export const roOnrcDemo = datedFilesDemo(
  RO_ONRC_REGISTER,
  'ONRC trade register: 10 traders (companies, sole traders, undecided forms), statuses, practitioners',
  RO_ONRC_DEMO_FILES,
  ingestRoOnrc,
);
