import { FR_RNA_REGISTER } from '../../schemas/events/frRnaEvents.ts';
import { demoDate, demoFiles } from '../core/demoFiles.ts';
import type { DemoSeeder } from '../core/demoSeeder.ts';
import { ingestRnaStock } from './ingestFrRna.ts';

export const frRnaDemo: DemoSeeder = {
  register: FR_RNA_REGISTER,
  description: 'RNA associations (real 2018 samples and current-layout files)',
  async seed({ knex, store, logger }) {
    const { date, version } = demoDate();
    await ingestRnaStock({ knex, store, logger, files: await demoFiles('fr-rna', ['.csv']), date, version });
  },
};
