import type { Knex } from 'knex';
import type { EntityDroppedData, EntityRecordedData } from '../../schemas/events/entityEvents.ts';
import {
  CODE,
  ENTRY,
  ENTRY_PROCEDURE,
  ENTRY_TEXT,
  ENTRY_TYPE_LINK,
} from '../../schemas/events/hrSudregEntries.ts';
import { HR_SUDREG_REGISTER, type HrSubject, SUBJECT } from '../../schemas/events/hrSudregEvents.ts';
import { canonicalMbs, HR_MBS_PATTERN } from '../../schemas/identifiers/hrOib.ts';
import { batchBinding, type EntityItem } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { deleteRows, upsertRows } from '../core/rowTable.ts';
import { createDetailTable, detailBinding, detailRowTable } from '../eu-profile/detailDocuments.ts';
import { euCopyProjection } from '../eu-profile/euCopyProjection.ts';
import { deleteProfiles, upsertProfiles } from '../eu-profile/euProfileTable.ts';
import { hrSudregProfile } from './hrSudregProfile.ts';

export const HR_SUDREG_PROFILES = 'eu_hr_entreprises';
/** Each subject as kept (HrSubject; a sole trader's without name or address), keyed by OIB, indexed by MBS: the insolvency route's source. */
export const HR_SUBJECTS = 'eu_hr_subjekti';
export const HR_FILES = 'eu_hr_fichiers';
/** Court-register entries (`upisi`), under their subject's MBS. */
export const HR_ENTRIES = 'eu_hr_upisi';
/** The entry types of each entry (`upisi_vrste_upisa`), under the entry's id. */
export const HR_ENTRY_TYPES = 'eu_hr_upisi_vrste';
/** That an entry entered a text or a note (never the text), under the entry's id. */
export const HR_ENTRY_TEXTS = 'eu_hr_upisi_tekstovi';
/** The procedures (`postupci`) with the entries that entered and ended them, under the MBS. */
export const HR_ENTRY_PROCEDURES = 'eu_hr_upisi_postupci';
/** The code lists `vrste_upisa`, `grupe_vrsta_upisa`, `sudovi`, under the list's name. */
export const HR_CODES = 'eu_hr_sifrarnici';

/**
 * Croatia's local copy: unified profile, subjects (MBS, court, procedure), pass files; and, from the
 * state-bodies files, the court-register entries with their types, text flags, procedures and code lists.
 */
export const hrSudregProjection: Projection = euCopyProjection({
  name: 'hr-sudreg',
  register: HR_SUDREG_REGISTER,
  copy: {
    migration: 'eu_hr_0001_tables',
    profiles: HR_SUDREG_PROFILES,
    details: [HR_SUBJECTS],
    files: HR_FILES,
    alsoCreates: async (knex) => {
      await knex.raw(`create index ${HR_SUBJECTS}_mbs on ${HR_SUBJECTS} ((record->>'mbs'))`);
    },
  },
  moreTables: [HR_ENTRIES, HR_ENTRY_TYPES, HR_ENTRY_TEXTS, HR_ENTRY_PROCEDURES, HR_CODES],
  moreMigrations: [
    {
      name: 'eu_hr_0002_upisi',
      async up(knex) {
        for (const table of [HR_ENTRIES, HR_ENTRY_TYPES, HR_ENTRY_TEXTS, HR_ENTRY_PROCEDURES, HR_CODES]) {
          await createDetailTable(knex, table);
        }
      },
    },
  ],
  bindings: [
    batchBinding({
      register: HR_SUDREG_REGISTER,
      kind: SUBJECT,
      upsertMany: upsertSubjects,
      dropMany: dropSubjects,
    }),
    detailBinding(HR_SUDREG_REGISTER, ENTRY, HR_ENTRIES, (r) => String(r.mbs)),
    detailBinding(HR_SUDREG_REGISTER, ENTRY_TYPE_LINK, HR_ENTRY_TYPES, (r) => String(r.upis_id)),
    detailBinding(HR_SUDREG_REGISTER, ENTRY_TEXT, HR_ENTRY_TEXTS, (r) => String(r.upis_id)),
    detailBinding(HR_SUDREG_REGISTER, ENTRY_PROCEDURE, HR_ENTRY_PROCEDURES, (r) => String(r.mbs)),
    detailBinding(HR_SUDREG_REGISTER, CODE, HR_CODES, (r) => String(r.lista)),
  ],
});

/** A batch of subjects: their profiles, and each subject as kept (the detail routes' source). */
async function upsertSubjects(trx: Knex.Transaction, items: readonly EntityItem<EntityRecordedData>[]) {
  await upsertProfiles(
    trx,
    HR_SUDREG_PROFILES,
    items.map(({ data }) => hrSudregProfile(data.record as unknown as HrSubject)),
  );
  await upsertRows(
    trx,
    detailRowTable(HR_SUBJECTS),
    items.map(({ data }) => ({ id: data.id, entreprise: data.id, record: data.record })),
  );
}

async function dropSubjects(trx: Knex.Transaction, items: readonly EntityItem<EntityDroppedData>[]) {
  const ids = items.map(({ data }) => data.id);
  await deleteProfiles(trx, HR_SUDREG_PROFILES, ids);
  await deleteRows(trx, detailRowTable(HR_SUBJECTS), ids);
}

/**
 * The OIB of the subject an MBS names (8 digits when a leading zero was lost, or 9), for the profile asked by
 * MBS; any other identifier is returned as asked. An MBS the register does not hold stays as asked (404).
 */
export async function hrResolveId(knex: Knex, id: string): Promise<string> {
  if (!HR_MBS_PATTERN.test(id)) return id;
  const { rows } = await knex.raw(`select id from ${HR_SUBJECTS} where record->>'mbs' = ? limit 1`, [
    canonicalMbs(id),
  ]);
  return (rows[0] as { id: string } | undefined)?.id ?? canonicalMbs(id);
}
