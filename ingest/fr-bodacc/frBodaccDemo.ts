import { FR_BODACC_REGISTER } from '../../schemas/events/frBodaccEvents.ts';
import { demoDate, demoFiles } from '../core/demoFiles.ts';
import type { DemoSeeder } from '../core/demoSeeder.ts';
import { ingestBodaccExport } from './ingestFrBodacc.ts';

export const frBodaccDemo: DemoSeeder = {
  register: FR_BODACC_REGISTER,
  description: 'BODACC notices of Ganymède (real sample) and of three Sirene-sample companies',
  async seed({ knex, store, logger }) {
    const { date, version } = demoDate();
    for (const [i, file] of (await demoFiles('fr-bodacc', ['.json', '.jsonl'])).entries()) {
      await ingestBodaccExport({ knex, store, logger, file, date, version: `${version}.${i + 1}` });
    }
  },
};
