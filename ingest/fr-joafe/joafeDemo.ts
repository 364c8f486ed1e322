import { demoDate, demoFiles } from '../core/demoFiles.ts';
import type { DemoSeeder } from '../core/demoSeeder.ts';
import { ingestJoafeExport } from './ingestJoafe.ts';
import { JOAFE_REGISTER } from './joafeEvents.ts';

export const joafeDemoSeeder: DemoSeeder = {
  register: JOAFE_REGISTER,
  description: 'JOAFE association notices (real sample and an export)',
  async seed({ knex, store, logger }) {
    const { date, version } = demoDate();
    for (const [i, file] of (await demoFiles('fr-joafe', ['.json', '.jsonl'])).entries()) {
      await ingestJoafeExport({ knex, store, logger, file, date, version: `${version}.${i + 1}` });
    }
  },
};
