import path from 'node:path';
import { demoDirOf } from '../../ops/sourceRoot.ts';
import { FR_RATIOS_INPI_BCE_REGISTER } from '../../schemas/events/frRatiosInpiBceEvents.ts';
import type { DemoSeeder } from '../core/demoSeeder.ts';
import { ingestFrRatiosInpiBce } from './ingestFrRatiosInpiBce.ts';

const DEMO_FILE = path.join(demoDirOf('fr-ratios-inpi-bce'), 'ratios_inpi_bce_demo.csv');

/** Demo accounts for companies of the Sirene demo sample, through the real ingester (see demo/SOURCE.txt). */
export const frRatiosInpiBceDemo: DemoSeeder = {
  register: FR_RATIOS_INPI_BCE_REGISTER,
  description: 'comptes annuels de démonstration (format réel de l’export ratios_inpi_bce)',
  async seed({ knex, store, logger }) {
    // Dated today so that the demo list is served (the list refuses stocks older than 45 days).
    const today = new Date().toISOString().slice(0, 10);
    await ingestFrRatiosInpiBce({ knex, store, logger, file: DEMO_FILE, snapshotDate: today });
  },
};
