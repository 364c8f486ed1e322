import path from 'node:path';
import { demoDirOf } from '../../ops/sourceRoot.ts';
import { EE_ARIREGISTER_REGISTER } from '../../schemas/events/eeAriregisterEvents.ts';
import type { DemoSeeder } from '../core/demoSeeder.ts';
import { todayUtc } from '../core/today.ts';
import { ingestEeAriregister } from './ingestEeAriregister.ts';

const demo = demoDirOf('ee-ariregister');

/** The demo files of the e-Business Register, in their real layouts (see demo/SOURCE.txt). */
export const EE_ARIREGISTER_DEMO_FILES = {
  lihtandmed: path.join(demo, 'ettevotja_rekvisiidid__lihtandmed.csv'),
  isikud: path.join(demo, 'ettevotja_rekvisiidid__kaardile_kantud_isikud.json'),
  osanikud: path.join(demo, 'ettevotja_rekvisiidid__osanikud.json'),
  yldandmed: path.join(demo, 'ettevotja_rekvisiidid__yldandmed.json'),
  kasusaajad: path.join(demo, 'ettevotja_rekvisiidid__kasusaajad.json'),
};

export const eeAriregisterDemo: DemoSeeder = {
  register: EE_ARIREGISTER_REGISTER,
  description:
    'e-Business Register: 5 companies, officers, shareholders, general data, beneficial owners (real layouts)',
  async seed(ctx) {
    await ingestEeAriregister({
      ...ctx,
      files: EE_ARIREGISTER_DEMO_FILES,
      snapshotDate: ctx.snapshotDate ?? todayUtc(),
    });
  },
};
