import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { type PassFile, runFilesPass } from '../core/filesPass.ts';
import type { SnapshotCompletedData } from '../core/snapshotEvents.ts';
import { ENHETER_COLUMNS, UNDERENHETER_COLUMNS } from './brregColumns.ts';
import { BRREG_REGISTER, brregStreamOf, ENHET, UNDERENHET } from './brregEvents.ts';
import { readBrregFile } from './readBrregFile.ts';

export interface BrregFiles {
  /** `enheter` bulk file (CSV or JSON, gzipped or not): required. */
  enheter: string;
  underenheter?: string;
}

/** One pass of Enhetsregisteret: the `enheter` file and, when given, `underenheter`. */
export function ingestBrreg(opts: {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  files: BrregFiles;
  snapshotDate: string;
  version?: string;
}): Promise<SnapshotCompletedData> {
  const files: PassFile[] = [
    {
      role: 'enheter',
      path: opts.files.enheter,
      read: (f, h) => readBrregFile(f, ENHET, h),
      columns: ENHETER_COLUMNS,
    },
  ];
  if (opts.files.underenheter) {
    files.push({
      role: 'underenheter',
      path: opts.files.underenheter,
      read: (f, h) => readBrregFile(f, UNDERENHET, h),
      columns: UNDERENHETER_COLUMNS,
    });
  }
  return runFilesPass({
    ...opts,
    register: BRREG_REGISTER,
    version: opts.version ?? opts.snapshotDate,
    files,
    streamOf: brregStreamOf,
  });
}
