import {
  EE_ARIREGISTER_REGISTER,
  ETTEVOTJA,
  ISIKUD,
  KASUSAAJAD,
  OSANIKUD,
  YLDANDMED,
} from '../../schemas/events/eeAriregisterEvents.ts';
import type { Projection } from '../core/projection.ts';
import { createDetailTable, detailBinding } from '../eu-profile/detailDocuments.ts';
import { euCopyProjection } from '../eu-profile/euCopyProjection.ts';
import { profileBinding } from '../eu-profile/euProfileTable.ts';
import { eeAriregisterProfile } from './eeAriregisterProfile.ts';

export const EE_ARIREGISTER_PROFILES = 'eu_ee_entreprises';
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
export const eeAriregisterProjection: Projection = euCopyProjection({
  name: 'ee-ariregister',
  register: EE_ARIREGISTER_REGISTER,
  copy: {
    migration: 'eu_ee_0001_tables',
    profiles: EE_ARIREGISTER_PROFILES,
    details: [EE_PERSONS, EE_SHAREHOLDERS],
    files: EE_FILES,
  },
  moreTables: [EE_GENERAL, EE_BENEFICIAL_OWNERS],
  moreMigrations: [
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
  bindings: [
    profileBinding({
      register: EE_ARIREGISTER_REGISTER,
      kind: ETTEVOTJA,
      table: EE_ARIREGISTER_PROFILES,
      profileOf: (data) => eeAriregisterProfile(data.id, data.record),
    }),
    detailBinding(EE_ARIREGISTER_REGISTER, ISIKUD, EE_PERSONS, sameId),
    detailBinding(EE_ARIREGISTER_REGISTER, OSANIKUD, EE_SHAREHOLDERS, sameId),
    detailBinding(EE_ARIREGISTER_REGISTER, YLDANDMED, EE_GENERAL, sameId),
    detailBinding(EE_ARIREGISTER_REGISTER, KASUSAAJAD, EE_BENEFICIAL_OWNERS, sameId),
  ],
});
