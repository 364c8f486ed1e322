import path from 'node:path';
import { demoDirOf } from '../../ops/sourceRoot.ts';
import { FR_EGAPRO_REGISTER } from '../../schemas/events/frEgaproEvents.ts';
import { demoDate } from '../core/demoFiles.ts';
import type { DemoSeeder } from '../core/demoSeeder.ts';
import { ingestFrEgapro } from './ingestFrEgapro.ts';

const DEMO_FILE = path.join(demoDirOf('fr-egapro'), 'index-egalite-fh-utf8.csv');

/** Demo declarations in the real export's layout, through the real ingester (see demo/SOURCE.txt). */
export const frEgaproDemo: DemoSeeder = {
  register: FR_EGAPRO_REGISTER,
  description: 'index Egapro de démonstration (en-tête réel de l’export index-egalite-fh)',
  async seed({ knex, store, logger, snapshotDate }) {
    const { date, version } = demoDate();
    await ingestFrEgapro({
      knex,
      store,
      logger,
      file: DEMO_FILE,
      snapshotDate: snapshotDate ?? date,
      version: snapshotDate ? `demo-${snapshotDate}` : version,
    });
  },
};
