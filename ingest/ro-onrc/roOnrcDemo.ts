import path from 'node:path';
import { demoDirOf } from '../../ops/sourceRoot.ts';
import { RO_ONRC_REGISTER } from '../../schemas/events/roOnrcEvents.ts';
import type { DemoSeeder } from '../core/demoSeeder.ts';
import { todayUtc } from '../core/today.ts';
import { ingestRoOnrc } from './ingestRoOnrc.ts';

const demo = demoDirOf('ro-onrc');

/** The demo files of the ONRC open data, in their published layouts (see demo/SOURCE.txt). */
export const RO_ONRC_DEMO_FILES = {
  firme: path.join(demo, 'od_firme.csv'),
  stare_firma: path.join(demo, 'od_stare_firma.csv'),
  n_stare_firma: path.join(demo, 'n_stare_firma.csv'),
  reprezentanti_legali: path.join(demo, 'od_reprezentanti_legali.csv'),
};

export const roOnrcDemo: DemoSeeder = {
  register: RO_ONRC_REGISTER,
  description:
    'ONRC trade register: 10 traders (companies, sole traders, undecided forms), statuses, practitioners',
  async seed(ctx) {
    await ingestRoOnrc({ ...ctx, files: RO_ONRC_DEMO_FILES, snapshotDate: ctx.snapshotDate ?? todayUtc() });
  },
};
