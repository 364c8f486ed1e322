import path from 'node:path';
import { demoDirOf } from '../../ops/sourceRoot.ts';
import { FR_SIRENE_REGISTER } from '../../schemas/events/frSireneEvents.ts';
import type { DemoSeeder } from '../core/demoSeeder.ts';
import { ingestFrSirene } from './ingestFrSirene.ts';

const DEMO_DIR = demoDirOf('fr-sirene');
export const DEMO_UNITES_LEGALES = path.join(DEMO_DIR, 'StockUniteLegale_utf8.csv');
export const DEMO_ETABLISSEMENTS = path.join(DEMO_DIR, 'StockEtablissement_utf8.csv');

/**
 * 51 real legal units and their 98 establishments (demo/SOURCE.txt), through the real ingester. Versioned
 * with the day of seeding so that a fresh clone serves them within the Sirene freshness threshold.
 */
export function frSireneDemo(now: () => Date = () => new Date()): DemoSeeder {
  return {
    register: FR_SIRENE_REGISTER,
    description: 'Sirene: 51 real legal units and their establishments (ingest/fr-sirene/demo)',
    async seed({ knex, store, logger }) {
      await ingestFrSirene({
        knex,
        store,
        logger,
        unitesLegales: DEMO_UNITES_LEGALES,
        etablissements: DEMO_ETABLISSEMENTS,
        version: now().toISOString().slice(0, 10),
        progress: false,
      });
    },
  };
}
