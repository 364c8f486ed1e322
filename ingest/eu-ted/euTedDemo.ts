import { demoDirOf } from '../../ops/sourceRoot.ts';
import { EU_TED_REGISTER } from '../../schemas/events/euTedEvents.ts';
import { demoDate } from '../core/demoFiles.ts';
import type { DemoSeeder } from '../core/demoSeeder.ts';
import { ingestEuTed } from './ingestEuTed.ts';

/** Demo award notices: four real TED notices (see demo/SOURCE.txt), through the real ingester. */
export const euTedDemo: DemoSeeder = {
  register: EU_TED_REGISTER,
  description: 'avis d’attribution TED réels (eForms et TED XML R2.0.9) à attributaires français',
  async seed({ knex, store, logger, snapshotDate }) {
    const { date, version } = demoDate();
    await ingestEuTed({
      knex,
      store,
      logger,
      paths: [demoDirOf('eu-ted')],
      snapshotDate: snapshotDate ?? date,
      version: snapshotDate ? `demo-${snapshotDate}` : version,
    });
  },
};
