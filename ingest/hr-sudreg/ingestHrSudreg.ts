import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { HR_SUDREG_REGISTER, hrSudregStreamOf } from '../../schemas/events/hrSudregEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import { runFilesPass } from '../core/filesPass.ts';
import { readSudregSnapshot, type SetAside } from './readSudregSnapshot.ts';

/** The role of the snapshot file in the pass (the insolvency route's `aucune_procedure` is measured on it). */
export const SUBJECTS_ROLE = 'detalji_subjekta';

/** One pass of the court register: a recorded daily snapshot of `detalji_subjekta` answers. */
export async function ingestHrSudreg(opts: {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  file: string;
  snapshotDate: string;
  version?: string;
}): Promise<SnapshotCompletedData> {
  const setAside: SetAside = { withoutOib: 0, invalidOib: 0 };
  const done = await runFilesPass({
    ...opts,
    register: HR_SUDREG_REGISTER,
    version: opts.version ?? opts.snapshotDate,
    files: [{ role: SUBJECTS_ROLE, path: opts.file, read: readSudregSnapshot(setAside) }],
    streamOf: hrSudregStreamOf,
  });
  if (setAside.withoutOib + setAside.invalidOib > 0) {
    opts.logger.warn(
      { register: HR_SUDREG_REGISTER, sans_oib: setAside.withoutOib, oib_invalide: setAside.invalidOib },
      'subjects set aside: no OIB, or an OIB without a valid check digit',
    );
  }
  return done;
}
