import { COMPANY, IE_CRO_REGISTER } from '../../schemas/events/ieCroEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { createProfileTable, ensureEuSearchSupport, profileBinding } from '../eu-profile/euProfileTable.ts';
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
    profileBinding({
      register: IE_CRO_REGISTER,
      kind: COMPANY,
      table: IE_CRO_PROFILES,
      profileOf: (data) => ieCroProfile(data.id, data.record),
    }),
  ]),
};
