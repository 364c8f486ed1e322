import path from 'node:path';
import { demoDirOf } from '../../ops/sourceRoot.ts';
import { SE_BOLAGSVERKET_REGISTER } from '../../schemas/events/seBolagsverketEvents.ts';
import type { DemoSeeder } from '../core/demoSeeder.ts';
import { todayUtc } from '../core/today.ts';
import { ingestSeBolagsverket } from './ingestSeBolagsverket.ts';

/** A bulk file constructed in the published layout (demo/SOURCE.txt: no real row is public). */
export const SE_BOLAGSVERKET_DEMO_FILE = path.join(
  demoDirOf('se-bolagsverket'),
  'bolagsverket_bulkfil_constructed.txt',
);

export const seBolagsverketDemo: DemoSeeder = {
  register: SE_BOLAGSVERKET_REGISTER,
  description: 'Bolagsverket: a bulk file constructed in the published layout (no real row is public)',
  async seed(ctx) {
    await ingestSeBolagsverket({
      ...ctx,
      file: SE_BOLAGSVERKET_DEMO_FILE,
      snapshotDate: ctx.snapshotDate ?? todayUtc(),
    });
  },
};
