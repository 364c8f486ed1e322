import path from 'node:path';
import { demoDirOf } from '../../ops/sourceRoot.ts';
import type { DatedFileIngest } from './datedFileCommand.ts';
import { demoDate } from './demoFiles.ts';
import type { DemoSeeder } from './demoSeeder.ts';

/**
 * The demo of a register published as one dated file: `ingest/<folder>/demo/<file>` through the register's
 * real pass, dated the day it is seeded (or the date asked for) and labelled `demo-<date>`.
 */
export function singleFileDemo(spec: {
  register: string;
  description: string;
  /** The register's folder under `ingest/`, and the demo file's name in its `demo/` folder. */
  folder: string;
  file: string;
  ingest: DatedFileIngest;
}): DemoSeeder {
  const file = path.join(demoDirOf(spec.folder), spec.file);
  return {
    register: spec.register,
    description: spec.description,
    async seed({ knex, store, logger, snapshotDate }) {
      const { date, version } = demoDate();
      await spec.ingest({
        knex,
        store,
        logger,
        file,
        snapshotDate: snapshotDate ?? date,
        version: snapshotDate ? `demo-${snapshotDate}` : version,
      });
    },
  };
}
