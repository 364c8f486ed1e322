import { demoDate, demoFiles } from '../core/demoFiles.ts';
import type { DemoSeeder } from '../core/demoSeeder.ts';
import { ingestRnaStock } from './ingestRna.ts';
import { RNA_REGISTER } from './rnaEvents.ts';

export const rnaDemoSeeder: DemoSeeder = {
  register: RNA_REGISTER,
  description: 'RNA associations (real 2018 samples and current-layout files)',
  async seed({ knex, store, logger }) {
    const { date, version } = demoDate();
    await ingestRnaStock({ knex, store, logger, files: await demoFiles('fr-rna', ['.csv']), date, version });
  },
};
