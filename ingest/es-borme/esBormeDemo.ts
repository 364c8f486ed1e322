import path from 'node:path';
import { demoDirOf } from '../../ops/sourceRoot.ts';
import { ES_BORME_REGISTER } from '../../schemas/events/esBormeEvents.ts';
import type { DemoSeeder } from '../core/demoSeeder.ts';
import { todayUtc } from '../core/today.ts';
import { ingestEsBorme } from './ingestEsBorme.ts';

/** The demo documents of the BORME base: a real section A PDF (see demo/SOURCE.txt). */
export const ES_BORME_DEMO_FILES = [path.join(demoDirOf('es-borme'), 'BORME-A-2015-27-10.pdf')];

export const esBormeDemo: DemoSeeder = {
  register: ES_BORME_REGISTER,
  description: 'BORME base: one section A document (Cáceres, 2015-02-10), 30 acts of 25 companies',
  async seed(ctx) {
    await ingestEsBorme({
      ...ctx,
      documents: ES_BORME_DEMO_FILES,
      snapshotDate: ctx.snapshotDate ?? todayUtc(),
    });
  },
};
