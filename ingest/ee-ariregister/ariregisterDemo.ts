import path from 'node:path';
import { demoDirOf } from '../../ops/sourceRoot.ts';
import type { DemoSeeder } from '../core/demoSeeder.ts';
import { todayUtc } from '../core/today.ts';
import { ARIREGISTER_REGISTER } from './ariregisterEvents.ts';
import { ingestAriregister } from './ingestAriregister.ts';

const demo = demoDirOf('ee-ariregister');

/** The demo files of the e-Business Register, in their real layouts (see demo/SOURCE.txt). */
export const ARIREGISTER_DEMO_FILES = {
  lihtandmed: path.join(demo, 'ettevotja_rekvisiidid__lihtandmed.csv'),
  isikud: path.join(demo, 'ettevotja_rekvisiidid__kaardile_kantud_isikud.json'),
  osanikud: path.join(demo, 'ettevotja_rekvisiidid__osanikud.json'),
  yldandmed: path.join(demo, 'ettevotja_rekvisiidid__yldandmed.json'),
  kasusaajad: path.join(demo, 'ettevotja_rekvisiidid__kasusaajad.json'),
};

export const ariregisterDemo: DemoSeeder = {
  register: ARIREGISTER_REGISTER,
  description:
    'e-Business Register: 5 companies, officers, shareholders, general data, beneficial owners (real layouts)',
  async seed(ctx) {
    await ingestAriregister({ ...ctx, files: ARIREGISTER_DEMO_FILES, snapshotDate: todayUtc() });
  },
};
