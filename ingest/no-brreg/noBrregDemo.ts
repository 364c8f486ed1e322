import path from 'node:path';
import { demoDirOf } from '../../ops/sourceRoot.ts';
import { NO_BRREG_REGISTER } from '../../schemas/events/noBrregEvents.ts';
import type { DemoSeeder } from '../core/demoSeeder.ts';
import { todayUtc } from '../core/today.ts';
import { ingestNoBrreg } from './ingestNoBrreg.ts';
import { ingestNoRegnskap } from './ingestNoRegnskap.ts';

const demo = demoDirOf('no-brreg');
/** The real samples of the bulk files (demo/SOURCE.txt). */
export const NO_BRREG_DEMO_FILES = {
  enheter: path.join(demo, 'enheter.csv'),
  underenheter: path.join(demo, 'underenheter.csv'),
};
/** A constructed recording of the accounts register's open API, on companies of the sample (demo/SOURCE.txt). */
export const NO_REGNSKAP_DEMO_FILE = path.join(demo, 'regnskap_constructed.jsonl');

export const noBrregDemo: DemoSeeder = {
  register: NO_BRREG_REGISTER,
  description:
    'Enhetsregisteret: 30 real enheter and 30 real underenheter rows (early-2024 CSV); Regnskapsregisteret: 5 constructed answers',
  async seed(ctx) {
    const snapshotDate = ctx.snapshotDate ?? todayUtc();
    await ingestNoBrreg({ ...ctx, files: NO_BRREG_DEMO_FILES, snapshotDate });
    await ingestNoRegnskap({ ...ctx, file: NO_REGNSKAP_DEMO_FILE, snapshotDate });
  },
};
