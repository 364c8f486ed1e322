import path from 'node:path';
import { demoDirOf } from '../../ops/sourceRoot.ts';
import { NO_BRREG_REGISTER } from '../../schemas/events/noBrregEvents.ts';
import type { DemoSeeder } from '../core/demoSeeder.ts';
import { todayUtc } from '../core/today.ts';
import { ingestNoBrreg } from './ingestNoBrreg.ts';

const demo = demoDirOf('no-brreg');
/** The real samples of the bulk files (demo/SOURCE.txt). */
export const NO_BRREG_DEMO_FILES = {
  enheter: path.join(demo, 'enheter.csv'),
  underenheter: path.join(demo, 'underenheter.csv'),
};

export const noBrregDemo: DemoSeeder = {
  register: NO_BRREG_REGISTER,
  description: 'Enhetsregisteret: 30 real enheter and 30 real underenheter rows (early-2024 CSV)',
  async seed(ctx) {
    await ingestNoBrreg({
      ...ctx,
      files: NO_BRREG_DEMO_FILES,
      snapshotDate: ctx.snapshotDate ?? todayUtc(),
    });
  },
};
