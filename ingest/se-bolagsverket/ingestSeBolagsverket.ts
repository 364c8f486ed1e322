import {
  SE_BOLAGSVERKET_REGISTER,
  seBolagsverketStreamOf,
} from '../../schemas/events/seBolagsverketEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import type { DatedFileIngestOptions } from '../core/datedFileCommand.ts';
import { runFilesPass } from '../core/filesPass.ts';
import { emptyBolagsverketSetAside, readBolagsverketFile } from './readBolagsverketFile.ts';
import { BOLAGSVERKET_COLUMNS } from './seBolagsverketColumns.ts';

/** One pass of Bolagsverket's weekly bulk file (`bolagsverket_bulkfil.zip` or the `.txt` inside). */
export function ingestSeBolagsverket(opts: DatedFileIngestOptions): Promise<SnapshotCompletedData> {
  const setAside = emptyBolagsverketSetAside();
  return runFilesPass({
    ...opts,
    register: SE_BOLAGSVERKET_REGISTER,
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
