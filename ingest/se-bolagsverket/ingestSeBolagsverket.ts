import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import {
  SE_BOLAGSVERKET_REGISTER,
  seBolagsverketStreamOf,
} from '../../schemas/events/seBolagsverketEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import { runFilesPass } from '../core/filesPass.ts';
import { emptyBolagsverketSetAside, readBolagsverketFile } from './readBolagsverketFile.ts';
import { BOLAGSVERKET_COLUMNS } from './seBolagsverketColumns.ts';

/** One pass of Bolagsverket's weekly bulk file (`bolagsverket_bulkfil.zip` or the `.txt` inside). */
export function ingestSeBolagsverket(opts: {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  file: string;
  snapshotDate: string;
  version?: string;
}): Promise<SnapshotCompletedData> {
  const setAside = emptyBolagsverketSetAside();
  return runFilesPass({
    ...opts,
    register: SE_BOLAGSVERKET_REGISTER,
    version: opts.version ?? opts.snapshotDate,
    files: [
      {
        role: 'bulkfil',
        path: opts.file,
        read: (f, h) => readBolagsverketFile(f, h, setAside),
        columns: BOLAGSVERKET_COLUMNS,
      },
    ],
    streamOf: seBolagsverketStreamOf,
  }).finally(() =>
    opts.logger.info({ register: SE_BOLAGSVERKET_REGISTER, setAside }, 'Bolagsverket rows set aside'),
  );
}
