import {
  BENEFICIAL_OWNER,
  FINANCIAL_STATEMENT,
  INSOLVENCY_PROCEEDING,
  LIQUIDATION,
  MEMBER,
  OFFICER,
  REGISTER_ROW,
  SECURING_MEASURE,
  SUSPENSION,
  UR_REGISTER,
} from '../../ingest/lv-ur/urEvents.ts';
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
export const LV_LIQUIDATIONS = 'eu_lv_liquidations';
export const LV_SUSPENSIONS = 'eu_lv_suspensions';
export const LV_SECURING = 'eu_lv_suretes';
export const LV_INSOLVENCY = 'eu_lv_insolvabilite';
export const LV_ACCOUNTS = 'eu_lv_comptes';

const atCompany = (r: Record<string, unknown>) => (r.at_legal_entity_registration_number as string) ?? null;
const ofCompany = (r: Record<string, unknown>) => (r.legal_entity_registration_number as string) ?? null;
const ofDebtor = (r: Record<string, unknown>) => (r.debtor_registration_number as string) ?? null;

/** Latvia's local copy: unified profile, members, officers, owners, legal events, insolvency, accounts, files. */
export const lvProjection: Projection = {
  name: 'eu-lv',
  registers: [UR_REGISTER],
  tables: [
    LV_PROFILES,
    LV_MEMBERS,
    LV_OFFICERS,
    LV_OWNERS,
    LV_FILES,
    LV_LIQUIDATIONS,
    LV_SUSPENSIONS,
    LV_SECURING,
    LV_INSOLVENCY,
    LV_ACCOUNTS,
  ],
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
    {
      name: 'eu_lv_0002_events_insolvency_accounts',
      async up(knex) {
        for (const table of [LV_LIQUIDATIONS, LV_SUSPENSIONS, LV_SECURING, LV_INSOLVENCY, LV_ACCOUNTS]) {
          await createDetailTable(knex, table);
        }
      },
    },
  ],
  ...entityHandlers([
    {
      register: UR_REGISTER,
      kind: REGISTER_ROW,
      upsert: (trx, data) => upsertProfile(trx, LV_PROFILES, urProfile(data.id, data.record)),
      drop: (trx, data) => deleteProfile(trx, LV_PROFILES, data.id),
    },
    detailBinding(UR_REGISTER, MEMBER, LV_MEMBERS, atCompany),
    detailBinding(UR_REGISTER, OFFICER, LV_OFFICERS, atCompany),
    detailBinding(UR_REGISTER, BENEFICIAL_OWNER, LV_OWNERS, ofCompany),
    detailBinding(UR_REGISTER, LIQUIDATION, LV_LIQUIDATIONS, ofCompany),
    detailBinding(UR_REGISTER, SUSPENSION, LV_SUSPENSIONS, ofCompany),
    detailBinding(UR_REGISTER, SECURING_MEASURE, LV_SECURING, ofCompany),
    detailBinding(UR_REGISTER, INSOLVENCY_PROCEEDING, LV_INSOLVENCY, ofDebtor),
    detailBinding(UR_REGISTER, FINANCIAL_STATEMENT, LV_ACCOUNTS, ofCompany),
    passFilesBinding(UR_REGISTER, LV_FILES),
  ]),
};
