import { demoDirOf } from '../../ops/sourceRoot.ts';
import { FR_INPI_PI_REGISTER } from '../../schemas/events/frInpiPiEvents.ts';
import { demoDate } from '../core/demoFiles.ts';
import type { DemoSeeder } from '../core/demoSeeder.ts';
import { ingestFrInpiPi } from './ingestFrInpiPi.ts';

/** Demo titles: a real INPI trademark notice and a real INPI patent document (see demo/SOURCE.txt). */
export const frInpiPiDemo: DemoSeeder = {
  register: FR_INPI_PI_REGISTER,
  description: 'une marque et un brevet réels de l’INPI (ST.66 et fr-patent-document)',
  async seed({ knex, store, logger, snapshotDate }) {
    const { date, version } = demoDate();
    await ingestFrInpiPi({
      knex,
      store,
      logger,
      paths: [demoDirOf('fr-inpi-pi')],
      snapshotDate: snapshotDate ?? date,
      version: snapshotDate ? `demo-${snapshotDate}` : version,
    });
  },
};
