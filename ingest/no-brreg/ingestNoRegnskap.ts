import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { NO_REGNSKAP_REGISTER, noRegnskapStreamOf } from '../../schemas/events/noRegnskapEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import { runFilesPass } from '../core/filesPass.ts';
import { type RegnskapSetAside, readNoRegnskap } from './readNoRegnskap.ts';

/** The role of the recording in the pass. */
export const REGNSKAP_ROLE = 'regnskap';

/**
 * One pass of the accounts register: a recording of the open API's answers (`readNoRegnskap`). The pass is
 * the whole recording: a number recorded in the last pass and not in this one is dropped.
 */
export async function ingestNoRegnskap(opts: {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  file: string;
  snapshotDate: string;
  version?: string;
}): Promise<SnapshotCompletedData> {
  const setAside: RegnskapSetAside = { soleTraders: 0, invalidOrgnr: 0 };
  const done = await runFilesPass({
    ...opts,
    register: NO_REGNSKAP_REGISTER,
    version: opts.version ?? opts.snapshotDate,
    files: [{ role: REGNSKAP_ROLE, path: opts.file, read: readNoRegnskap(setAside) }],
    streamOf: noRegnskapStreamOf,
  });
  if (setAside.soleTraders + setAside.invalidOrgnr > 0) {
    opts.logger.warn(
      {
        register: NO_REGNSKAP_REGISTER,
        enkeltpersonforetak: setAside.soleTraders,
        orgnr_invalide: setAside.invalidOrgnr,
      },
      'answers set aside: sole proprietorships (a natural person), or a number failing its check digit',
    );
  }
  return done;
}
