import { NO_REGNSKAP_REGISTER, noRegnskapStreamOf } from '../../schemas/events/noRegnskapEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import type { DatedFileIngestOptions } from '../core/datedFileCommand.ts';
import { runFilesPass } from '../core/filesPass.ts';
import { countsAboveZero } from '../core/setAsideWarning.ts';
import { type RegnskapSetAside, readNoRegnskap } from './readNoRegnskap.ts';

/** The role of the recording in the pass. */
export const REGNSKAP_ROLE = 'regnskap';

/**
 * One pass of the accounts register: a recording of the open API's answers (`readNoRegnskap`). The pass is
 * the whole recording: a number recorded in the last pass and not in this one is dropped.
 */
export function ingestNoRegnskap(opts: DatedFileIngestOptions): Promise<SnapshotCompletedData> {
  const setAside: RegnskapSetAside = { soleTraders: 0, invalidOrgnr: 0 };
  return runFilesPass({
    ...opts,
    register: NO_REGNSKAP_REGISTER,
    files: [{ role: REGNSKAP_ROLE, path: opts.file, read: readNoRegnskap(setAside) }],
    streamOf: noRegnskapStreamOf,
    setAside: [
      {
        fields: () =>
          countsAboveZero({
            enkeltpersonforetak: setAside.soleTraders,
            orgnr_invalide: setAside.invalidOrgnr,
          }),
        because:
          'answers set aside: sole proprietorships (a natural person), or a number failing its check digit',
      },
    ],
  });
}
