import {
  SE_BOLAGSVERKET_REGISTER,
  seBolagsverketStreamOf,
} from '../../schemas/events/seBolagsverketEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import type { DatedFileIngestOptions } from '../core/datedFileCommand.ts';
import { type BlockPassChoice, runFilesPass } from '../core/filesPass.ts';
import { emptyBolagsverketSetAside, readBolagsverketFile } from './readBolagsverketFile.ts';
import { BOLAGSVERKET_COLUMNS } from './seBolagsverketColumns.ts';

/**
 * One pass of Bolagsverket's weekly bulk file (`bolagsverket_bulkfil.zip` or the `.txt` inside). A pass that
 * records every row (the first, or `recordAll`) records them in block events (filesPass.ts `blocks`).
 */
export function ingestSeBolagsverket(
  opts: DatedFileIngestOptions & BlockPassChoice,
): Promise<SnapshotCompletedData> {
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
    blocks: true,
  }).finally(() =>
    opts.logger.info({ register: SE_BOLAGSVERKET_REGISTER, setAside }, 'Bolagsverket rows set aside'),
  );
}
