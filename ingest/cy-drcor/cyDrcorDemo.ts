import path from 'node:path';
import { demoDirOf } from '../../ops/sourceRoot.ts';
import { CY_DRCOR_REGISTER } from '../../schemas/events/cyDrcorEvents.ts';
import type { DemoSeeder } from '../core/demoSeeder.ts';
import { todayUtc } from '../core/today.ts';
import { ingestCyDrcor } from './ingestCyDrcor.ts';

const demo = demoDirOf('cy-drcor');

/** The demo files, constructed in the layout public parsers read (see demo/SOURCE.txt). */
export const CY_DRCOR_DEMO_FILES = {
  organisations: path.join(demo, 'organisations_constructed.csv'),
  offices: path.join(demo, 'registered_office_constructed.csv'),
};

export const cyDrcorDemo: DemoSeeder = {
  register: CY_DRCOR_REGISTER,
  description:
    'Registrar of Companies: 7 organisations and their offices (constructed, layout from public code)',
  async seed(ctx) {
    await ingestCyDrcor({ ...ctx, files: CY_DRCOR_DEMO_FILES, snapshotDate: ctx.snapshotDate ?? todayUtc() });
  },
};
