import path from 'node:path';
import { demoDirOf } from '../../ops/sourceRoot.ts';
import { BE_KBO_REGISTER } from '../../schemas/events/beKboEvents.ts';
import type { DemoSeeder } from '../core/demoSeeder.ts';
import { todayUtc } from '../core/today.ts';
import { ingestBeKbo } from './ingestBeKbo.ts';

const demo = demoDirOf('be-kbo');

/** Full-extract files assembled from a real daily Update extract (demo/SOURCE.txt). */
export const BE_KBO_DEMO_FILES = {
  enterprise: path.join(demo, 'enterprise.csv'),
  denomination: path.join(demo, 'denomination.csv'),
  address: path.join(demo, 'address.csv'),
  code: path.join(demo, 'code.csv'),
};

export const beKboDemo: DemoSeeder = {
  register: BE_KBO_REGISTER,
  description: 'KBO/BCE: 28 real enterprise rows (11 legal persons served) of the 2025-10-12 extract',
  async seed(ctx) {
    await ingestBeKbo({ ...ctx, files: BE_KBO_DEMO_FILES, snapshotDate: ctx.snapshotDate ?? todayUtc() });
  },
};
