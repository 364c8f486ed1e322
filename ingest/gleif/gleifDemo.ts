import path from 'node:path';
import { demoDirOf } from '../../ops/sourceRoot.ts';
import { GLEIF_REGISTER } from '../../schemas/events/gleifEvents.ts';
import type { DemoSeeder } from '../core/demoSeeder.ts';
import { todayUtc } from '../core/today.ts';
import { ingestGleif } from './ingestGleif.ts';
import { ingestGleifUpdates } from './ingestGleifUpdates.ts';

const demo = (name: string) => path.join(demoDirOf('gleif'), name);

/** The full pass of the demo (real golden-copy records, see demo/SOURCE.txt). */
export const GLEIF_DEMO_FILES = {
  lei2: demo('lei-data.xml'),
  rr: demo('rr-data.xml'),
  repex: demo('repex-data.xml'),
};

/** The delta files applied on top of it, in order. */
export const GLEIF_DEMO_DELTAS = {
  lei2: [demo('lei-updates-data2.xml'), demo('20240505-0000-gleif-goldencopy-lei2-intra-day.json.gz')],
  rr: [demo('rr-updates-data2.xml')],
  repex: [demo('repex-updates-data2.xml')],
};

export const gleifDemo: DemoSeeder = {
  register: GLEIF_REGISTER,
  description: 'GLEIF golden copy: real records (XML full-copy extract, XML and JSON deltas; 41 French LEIs)',
  async seed(ctx) {
    await ingestGleif({ ...ctx, files: GLEIF_DEMO_FILES, snapshotDate: ctx.snapshotDate ?? todayUtc() });
    await ingestGleifUpdates({ ...ctx, files: GLEIF_DEMO_DELTAS });
  },
};
