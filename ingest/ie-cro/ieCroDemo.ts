import path from 'node:path';
import { demoDirOf } from '../../ops/sourceRoot.ts';
import { IE_CRO_REGISTER } from '../../schemas/events/ieCroEvents.ts';
import type { DemoSeeder } from '../core/demoSeeder.ts';
import { todayUtc } from '../core/today.ts';
import { ingestIeCro } from './ingestIeCro.ts';

/** The demo file of the CRO, in its real layout (see demo/SOURCE.txt). */
export const IE_CRO_DEMO_FILES = { companies: path.join(demoDirOf('ie-cro'), 'companies.csv') };

export const ieCroDemo: DemoSeeder = {
  register: IE_CRO_REGISTER,
  description: 'CRO companies file: 8 companies, one real row, the others constructed (real layout)',
  async seed(ctx) {
    await ingestIeCro({ ...ctx, files: IE_CRO_DEMO_FILES, snapshotDate: ctx.snapshotDate ?? todayUtc() });
  },
};
