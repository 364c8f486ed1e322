import path from 'node:path';
import { demoDirOf } from '../../ops/sourceRoot.ts';
import { HR_ENTRY_ROLES, type HrEntryRole } from '../../schemas/events/hrSudregEntries.ts';
import { HR_SUDREG_REGISTER } from '../../schemas/events/hrSudregEvents.ts';
import type { DemoSeeder } from '../core/demoSeeder.ts';
import { todayUtc } from '../core/today.ts';
import { ingestHrSudreg } from './ingestHrSudreg.ts';

/** The demo snapshot, built from the documented field lists (see demo/SOURCE.txt). */
export const HR_SUDREG_DEMO_FILE = path.join(demoDirOf('hr-sudreg'), 'detalji_subjekta_constructed.json');

/** The demo answers of the state-bodies endpoints (court-register entries), one file per endpoint. */
export const HR_SUDREG_DEMO_ENTRIES = Object.fromEntries(
  HR_ENTRY_ROLES.map((role) => [role, path.join(demoDirOf('hr-sudreg'), `${role}_constructed.json`)]),
) as Record<HrEntryRole, string>;

export const hrSudregDemo: DemoSeeder = {
  register: HR_SUDREG_REGISTER,
  description:
    'Court register: 9 subjects (companies, a sole trader, procedures, filed statements, two set aside) and their court-register entries',
  async seed(ctx) {
    await ingestHrSudreg({
      ...ctx,
      file: HR_SUDREG_DEMO_FILE,
      entries: HR_SUDREG_DEMO_ENTRIES,
      snapshotDate: ctx.snapshotDate ?? todayUtc(),
    });
  },
};
