import {
  ARIREGISTER_REGISTER,
  ETTEVOTJA,
  ISIKUD,
  KASUSAAJAD,
  OSANIKUD,
  YLDANDMED,
} from '../../ingest/ee-ariregister/ariregisterEvents.ts';
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
import { ariregisterProfile } from './ariregisterProfile.ts';

export const EE_PROFILES = 'eu_ee_entreprises';
/** Raw basic-data row per company, for the detail routes' identity block (legal form, name). */
export const EE_PERSONS = 'eu_ee_isikud';
export const EE_SHAREHOLDERS = 'eu_ee_osanikud';
export const EE_FILES = 'eu_ee_fichiers';
export const EE_GENERAL = 'eu_ee_yldandmed';
export const EE_BENEFICIAL_OWNERS = 'eu_ee_kasusaajad';

const sameId = (_r: Record<string, unknown>, id: string) => id;

/**
 * Estonia's local copy: unified profile, officers, shareholders, general-data and beneficial-owners
 * documents, files of the published pass.
 */
export const eeProjection: Projection = {
  name: 'eu-ee',
  registers: [ARIREGISTER_REGISTER],
  tables: [EE_PROFILES, EE_PERSONS, EE_SHAREHOLDERS, EE_FILES, EE_GENERAL, EE_BENEFICIAL_OWNERS],
  migrations: [
    {
      name: 'eu_ee_0001_tables',
      async up(knex) {
        await ensureEuSearchSupport(knex);
        await createProfileTable(knex, EE_PROFILES);
        await createDetailTable(knex, EE_PERSONS);
        await createDetailTable(knex, EE_SHAREHOLDERS);
        await createPassFilesTable(knex, EE_FILES);
      },
    },
    {
      name: 'eu_ee_0002_yldandmed',
      async up(knex) {
        await createDetailTable(knex, EE_GENERAL);
      },
    },
    {
      name: 'eu_ee_0003_kasusaajad',
      async up(knex) {
        await createDetailTable(knex, EE_BENEFICIAL_OWNERS);
      },
    },
  ],
  ...entityHandlers([
    {
      register: ARIREGISTER_REGISTER,
      kind: ETTEVOTJA,
      upsert: (trx, data) => upsertProfile(trx, EE_PROFILES, ariregisterProfile(data.id, data.record)),
      drop: (trx, data) => deleteProfile(trx, EE_PROFILES, data.id),
    },
    detailBinding(ARIREGISTER_REGISTER, ISIKUD, EE_PERSONS, sameId),
    detailBinding(ARIREGISTER_REGISTER, OSANIKUD, EE_SHAREHOLDERS, sameId),
    detailBinding(ARIREGISTER_REGISTER, YLDANDMED, EE_GENERAL, sameId),
    detailBinding(ARIREGISTER_REGISTER, KASUSAAJAD, EE_BENEFICIAL_OWNERS, sameId),
    passFilesBinding(ARIREGISTER_REGISTER, EE_FILES),
  ]),
};
