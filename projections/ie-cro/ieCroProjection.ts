import { COMPANY, IE_CRO_REGISTER } from '../../schemas/events/ieCroEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import {
  createProfileTable,
  deleteProfile,
  ensureEuSearchSupport,
  upsertProfile,
} from '../eu-profile/euProfileTable.ts';
import { ieCroProfile } from './ieCroProfile.ts';

export const IE_CRO_PROFILES = 'eu_ie_entreprises';

/** Ireland's local copy: the CRO companies file in the unified profile's terms. */
export const ieCroProjection: Projection = {
  name: 'ie-cro',
  registers: [IE_CRO_REGISTER],
  tables: [IE_CRO_PROFILES],
  migrations: [
    {
      name: 'eu_ie_0001_entreprises',
      async up(knex) {
        await ensureEuSearchSupport(knex);
        await createProfileTable(knex, IE_CRO_PROFILES);
      },
    },
  ],
  ...entityHandlers([
    {
      register: IE_CRO_REGISTER,
      kind: COMPANY,
      upsert: (trx, data) => upsertProfile(trx, IE_CRO_PROFILES, ieCroProfile(data.id, data.record)),
      drop: (trx, data) => deleteProfile(trx, IE_CRO_PROFILES, data.id),
    },
  ]),
};
