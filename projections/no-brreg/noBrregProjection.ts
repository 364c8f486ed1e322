import { ENHET, NO_BRREG_REGISTER } from '../../schemas/events/noBrregEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { createProfileTable, ensureEuSearchSupport, profileBinding } from '../eu-profile/euProfileTable.ts';
import { createEstablishmentsTable, establishmentsBinding } from './noBrregEstablishments.ts';
import { noBrregProfile } from './noBrregProfile.ts';

export const NO_BRREG_PROFILES = 'eu_no_entreprises';
/** Sub-units (`underenheter`): establishments of the main units, by their `overordnetEnhet`. */
export const NO_ESTABLISHMENTS = 'eu_no_underenheter';

/**
 * Norway's local copy: main units (`enheter`) in the unified profile's terms, and their establishments
 * (`underenheter`). No route of the contract serves establishments yet; the read model counts them.
 */
export const noBrregProjection: Projection = {
  name: 'no-brreg',
  registers: [NO_BRREG_REGISTER],
  tables: [NO_BRREG_PROFILES, NO_ESTABLISHMENTS],
  migrations: [
    {
      name: 'eu_no_0001_entreprises',
      async up(knex) {
        await ensureEuSearchSupport(knex);
        await createProfileTable(knex, NO_BRREG_PROFILES);
      },
    },
    {
      name: 'eu_no_0002_underenheter',
      async up(knex) {
        await createEstablishmentsTable(knex, NO_ESTABLISHMENTS);
      },
    },
  ],
  ...entityHandlers([
    profileBinding({
      register: NO_BRREG_REGISTER,
      kind: ENHET,
      table: NO_BRREG_PROFILES,
      profileOf: (data) => noBrregProfile(data.id, data.record),
    }),
    establishmentsBinding(NO_ESTABLISHMENTS),
  ]),
};
