import { BENEFICIAL_OWNER, MEMBER, OFFICER, REGISTER_ROW, UR_REGISTER } from '../../ingest/lv-ur/urEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { createDetailTable, detailBinding } from '../eu-profile/detailDocuments.ts';
import {
  createProfileTable,
  deleteProfile,
  ensureEuSearchSupport,
  upsertProfile,
} from '../eu-profile/euProfileTable.ts';
import { createPassFilesTable, passFilesBinding } from '../eu-profile/passFilesTable.ts';
import { urProfile } from './urProfile.ts';

export const LV_PROFILES = 'eu_lv_entreprises';
export const LV_MEMBERS = 'eu_lv_membres';
export const LV_OFFICERS = 'eu_lv_dirigeants';
export const LV_OWNERS = 'eu_lv_beneficiaires';
export const LV_FILES = 'eu_lv_fichiers';

const atCompany = (r: Record<string, unknown>) => (r.at_legal_entity_registration_number as string) ?? null;
const ofCompany = (r: Record<string, unknown>) => (r.legal_entity_registration_number as string) ?? null;

/** Latvia's local copy: unified profile, members, officers, beneficial owners, files of the published pass. */
export const lvProjection: Projection = {
  name: 'eu-lv',
  registers: [UR_REGISTER],
  tables: [LV_PROFILES, LV_MEMBERS, LV_OFFICERS, LV_OWNERS, LV_FILES],
  migrations: [
    {
      name: 'eu_lv_0001_tables',
      async up(knex) {
        await ensureEuSearchSupport(knex);
        await createProfileTable(knex, LV_PROFILES);
        await createDetailTable(knex, LV_MEMBERS);
        await createDetailTable(knex, LV_OFFICERS);
        await createDetailTable(knex, LV_OWNERS);
        await createPassFilesTable(knex, LV_FILES);
      },
    },
  ],
  handlers: entityHandlers([
    {
      register: UR_REGISTER,
      kind: REGISTER_ROW,
      upsert: (trx, data) => upsertProfile(trx, LV_PROFILES, urProfile(data.id, data.record)),
      drop: (trx, data) => deleteProfile(trx, LV_PROFILES, data.id),
    },
    detailBinding(UR_REGISTER, MEMBER, LV_MEMBERS, atCompany),
    detailBinding(UR_REGISTER, OFFICER, LV_OFFICERS, atCompany),
    detailBinding(UR_REGISTER, BENEFICIAL_OWNER, LV_OWNERS, ofCompany),
    passFilesBinding(UR_REGISTER, LV_FILES),
  ]),
};
