import path from 'node:path';
import { demoDirOf } from '../../ops/sourceRoot.ts';
import { FR_SIRET_IDCC_REGISTER } from '../../schemas/events/frSiretIdccEvents.ts';
import { demoDate } from '../core/demoFiles.ts';
import type { DemoSeeder } from '../core/demoSeeder.ts';
import { ingestFrSiretIdcc } from './ingestFrSiretIdcc.ts';

const DEMO_FILE = path.join(demoDirOf('fr-siret-idcc'), 'siret-idcc_demo.csv');

/** Real rows of the 2019 file and a few for demo companies, through the real ingester (see demo/SOURCE.txt). */
export const frSiretIdccDemo: DemoSeeder = {
  register: FR_SIRET_IDCC_REGISTER,
  description: 'conventions collectives de démonstration (lignes réelles du fichier SIRET-IDCC de 2019)',
  async seed({ knex, store, logger, snapshotDate }) {
    const { date, version } = demoDate();
    await ingestFrSiretIdcc({
      knex,
      store,
      logger,
      file: DEMO_FILE,
      snapshotDate: snapshotDate ?? date,
      version: snapshotDate ? `demo-${snapshotDate}` : version,
    });
  },
};
