import { EE_ARIREGISTER_REGISTER } from '../../schemas/events/eeAriregisterEvents.ts';
import { datedFilesDemo, demoFilesOf } from '../core/demoSeeder.ts';
import { ingestEeAriregister } from './ingestEeAriregister.ts';

/** The demo files of the e-Business Register, in their real layouts (see demo/SOURCE.txt). */
export const EE_ARIREGISTER_DEMO_FILES = demoFilesOf('ee-ariregister', {
  lihtandmed: 'ettevotja_rekvisiidid__lihtandmed.csv',
  isikud: 'ettevotja_rekvisiidid__kaardile_kantud_isikud.json',
  osanikud: 'ettevotja_rekvisiidid__osanikud.json',
  yldandmed: 'ettevotja_rekvisiidid__yldandmed.json',
  kasusaajad: 'ettevotja_rekvisiidid__kasusaajad.json',
});

export const eeAriregisterDemo = datedFilesDemo(
  EE_ARIREGISTER_REGISTER,
  'e-Business Register: 5 companies, officers, shareholders, general data, beneficial owners (real layouts)',
  EE_ARIREGISTER_DEMO_FILES,
  ingestEeAriregister,
);
