import { FR_JOAFE_REGISTER } from '../../schemas/events/frJoafeEvents.ts';
import { demoDate, demoFiles } from '../core/demoFiles.ts';
import type { DemoSeeder } from '../core/demoSeeder.ts';
import { ingestJoafeExport } from './ingestFrJoafe.ts';

export const frJoafeDemo: DemoSeeder = {
  register: FR_JOAFE_REGISTER,
  description: 'JOAFE association notices (real sample and an export)',
  async seed({ knex, store, logger }) {
    const { date, version } = demoDate();
    for (const [i, file] of (await demoFiles('fr-joafe', ['.json', '.jsonl'])).entries()) {
      await ingestJoafeExport({ knex, store, logger, file, date, version: `${version}.${i + 1}` });
    }
  },
};
