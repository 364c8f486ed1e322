import { BRREG_REGISTER, ENHET } from '../../ingest/no-brreg/brregEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import {
  createProfileTable,
  deleteProfile,
  ensureEuSearchSupport,
  upsertProfile,
} from '../eu-profile/euProfileTable.ts';
import { brregProfile } from './brregProfile.ts';

export const NO_PROFILES = 'eu_no_entreprises';

/** Norway's local copy (Enhetsregisteret `enheter`) in the unified profile's terms. */
export const noProjection: Projection = {
  name: 'eu-no',
  registers: [BRREG_REGISTER],
  tables: [NO_PROFILES],
  migrations: [
    {
      name: 'eu_no_0001_entreprises',
      async up(knex) {
        await ensureEuSearchSupport(knex);
        await createProfileTable(knex, NO_PROFILES);
      },
    },
  ],
  ...entityHandlers([
    {
      register: BRREG_REGISTER,
      kind: ENHET,
      upsert: (trx, data) => upsertProfile(trx, NO_PROFILES, brregProfile(data.id, data.record)),
      drop: (trx, data) => deleteProfile(trx, NO_PROFILES, data.id),
    },
  ]),
};
