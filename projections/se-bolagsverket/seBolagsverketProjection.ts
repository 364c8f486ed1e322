import { ORGANISATION, SE_BOLAGSVERKET_REGISTER } from '../../schemas/events/seBolagsverketEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { createProfileTable, ensureEuSearchSupport, profileBinding } from '../eu-profile/euProfileTable.ts';
import { seBolagsverketProfile } from './seBolagsverketProfile.ts';

export const SE_BOLAGSVERKET_PROFILES = 'eu_se_entreprises';

/** Sweden's local copy: the organisations of Bolagsverket's bulk file (no sole trader is in the log). */
export const seBolagsverketProjection: Projection = {
  name: 'se-bolagsverket',
  registers: [SE_BOLAGSVERKET_REGISTER],
  tables: [SE_BOLAGSVERKET_PROFILES],
  migrations: [
    {
      name: 'eu_se_0001_entreprises',
      async up(knex) {
        await ensureEuSearchSupport(knex);
        await createProfileTable(knex, SE_BOLAGSVERKET_PROFILES);
      },
    },
  ],
  ...entityHandlers([
    profileBinding({
      register: SE_BOLAGSVERKET_REGISTER,
      kind: ORGANISATION,
      table: SE_BOLAGSVERKET_PROFILES,
      profileOf: (data) => seBolagsverketProfile(data.id, data.record as Record<string, string | null>),
    }),
  ]),
};
