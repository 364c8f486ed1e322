import path from 'node:path';
import { demoDirOf } from '../../ops/sourceRoot.ts';
import { LT_JAR_REGISTER } from '../../schemas/events/ltJarEvents.ts';
import type { DemoSeeder } from '../core/demoSeeder.ts';
import { todayUtc } from '../core/today.ts';
import { ingestLtJar } from './ingestLtJar.ts';

const demo = demoDirOf('lt-jar');

/** The demo files of the Register of Legal Entities, in their published layouts (see demo/SOURCE.txt). */
export const LT_JAR_DEMO_FILES = {
  registered: path.join(demo, 'JAR_IREGISTRUOTI_constructed.csv'),
  accounts: [
    path.join(demo, 'JAR_FA_RODIKLIAI_PLNA_2022_constructed.csv'),
    path.join(demo, 'JAR_FA_RODIKLIAI_PLNA_2025_n_constructed.csv'),
    path.join(demo, 'JAR_FA_RODIKLIAI_BLNS_2025_n_constructed.csv'),
  ],
};

export const ltJarDemo: DemoSeeder = {
  register: LT_JAR_REGISTER,
  description: 'Register of Legal Entities: 9 entities, annual accounts (legacy and long files)',
  async seed(ctx) {
    await ingestLtJar({ ...ctx, files: LT_JAR_DEMO_FILES, snapshotDate: ctx.snapshotDate ?? todayUtc() });
  },
};
