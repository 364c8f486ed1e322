import path from 'node:path';
import { demoDirOf } from '../../ops/sourceRoot.ts';
import type { DemoSeeder } from '../core/demoSeeder.ts';
import { todayUtc } from '../core/today.ts';
import { BRREG_REGISTER } from './brregEvents.ts';
import { ingestBrreg } from './ingestBrreg.ts';

const demo = demoDirOf('no-brreg');

export const brregDemo: DemoSeeder = {
  register: BRREG_REGISTER,
  description: 'Enhetsregisteret: 30 real enheter and 30 real underenheter rows (early-2024 CSV)',
  async seed(ctx) {
    await ingestBrreg({
      ...ctx,
      files: { enheter: path.join(demo, 'enheter.csv'), underenheter: path.join(demo, 'underenheter.csv') },
      snapshotDate: todayUtc(),
    });
  },
};
