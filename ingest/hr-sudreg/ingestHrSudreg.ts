import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { HR_ENTRY_ROLES, type HrEntryRole } from '../../schemas/events/hrSudregEntries.ts';
import { HR_SUDREG_REGISTER, hrSudregStreamOf } from '../../schemas/events/hrSudregEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import { type PassFile, runFilesPass } from '../core/filesPass.ts';
import { countsAboveZero } from '../core/setAsideWarning.ts';
import { type EntriesSetAside, readSudregEntries } from './readSudregEntries.ts';
import { readSudregSnapshot, type SetAside } from './readSudregSnapshot.ts';

/** The role of the snapshot file in the pass (the insolvency route's `aucune_procedure` is measured on it). */
export const SUBJECTS_ROLE = 'detalji_subjekta';

/**
 * One pass of the court register: a recorded daily snapshot of `detalji_subjekta` answers, and, when given,
 * the recorded answers of the state-bodies endpoints that hold the court-register entries (`entries`, one
 * JSON array file per endpoint). A pass without an entries file drops the entities of that file: the routes
 * then say the entries were not collected.
 */
export async function ingestHrSudreg(opts: {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  file: string;
  entries?: Partial<Record<HrEntryRole, string>>;
  snapshotDate: string;
  version?: string;
}): Promise<SnapshotCompletedData> {
  const setAside: SetAside = { withoutOib: 0, invalidOib: 0 };
  const entriesSetAside: EntriesSetAside = {};
  const files: PassFile[] = [{ role: SUBJECTS_ROLE, path: opts.file, read: readSudregSnapshot(setAside) }];
  for (const role of HR_ENTRY_ROLES) {
    const path = opts.entries?.[role];
    if (path) files.push({ role, path, read: readSudregEntries(role, entriesSetAside) });
  }
  return runFilesPass({
    ...opts,
    register: HR_SUDREG_REGISTER,
    files,
    streamOf: hrSudregStreamOf,
    setAside: [
      {
        fields: () => countsAboveZero({ sans_oib: setAside.withoutOib, oib_invalide: setAside.invalidOib }),
        because: 'subjects set aside: no OIB, or an OIB without a valid check digit',
      },
      {
        fields: () => (Object.keys(entriesSetAside).length > 0 ? { ecartees: entriesSetAside } : null),
        because: 'state-bodies rows set aside: a key missing or not a number',
      },
    ],
  });
}
