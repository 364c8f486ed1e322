import path from 'node:path';
import { demoDirOf } from '../../ops/sourceRoot.ts';
import type { DemoSeeder } from '../core/demoSeeder.ts';
import { ingestRatios } from './ingestRatios.ts';
import { RATIOS_REGISTER } from './ratiosFormat.ts';

const DEMO_FILE = path.join(demoDirOf('fr-comptes'), 'ratios_inpi_bce_demo.csv');

/** Demo accounts for companies of the Sirene demo sample, through the real ingester (see demo/SOURCE.txt). */
export const ratiosDemoSeeder: DemoSeeder = {
  register: RATIOS_REGISTER,
  description: 'comptes annuels de démonstration (format réel de l’export ratios_inpi_bce)',
  async seed({ knex, store, logger }) {
    // Dated today so that the demo list is served (the list refuses stocks older than 45 days).
    const today = new Date().toISOString().slice(0, 10);
    await ingestRatios({ knex, store, logger, file: DEMO_FILE, snapshotDate: today });
  },
};
