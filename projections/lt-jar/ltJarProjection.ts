import { ACCOUNT_LINE, LEGAL_ENTITY, LT_JAR_REGISTER } from '../../schemas/events/ltJarEvents.ts';
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
import { ltJarProfile } from './ltJarProfile.ts';

export const LT_JAR_PROFILES = 'eu_lt_entreprises';
/** The register status of each served company (code, label, date), for the insolvency route. */
export const LT_STATUSES = 'eu_lt_statuts';
export const LT_ACCOUNT_LINES = 'eu_lt_comptes_lignes';
export const LT_FILES = 'eu_lt_fichiers';

const STATUS_FIELDS = ['stat_kodas', 'stat_pavadinimas', 'stat_data_nuo'];

/** Lithuania's local copy: unified profile, register status, lines of the filed annual accounts, pass files. */
export const ltJarProjection: Projection = {
  name: 'lt-jar',
  registers: [LT_JAR_REGISTER],
  tables: [LT_JAR_PROFILES, LT_STATUSES, LT_ACCOUNT_LINES, LT_FILES],
  migrations: [
    {
      name: 'eu_lt_0001_tables',
      async up(knex) {
        await ensureEuSearchSupport(knex);
        await createProfileTable(knex, LT_JAR_PROFILES);
        await createDetailTable(knex, LT_STATUSES);
        await createDetailTable(knex, LT_ACCOUNT_LINES);
        await createPassFilesTable(knex, LT_FILES);
      },
    },
  ],
  ...entityHandlers([
    {
      register: LT_JAR_REGISTER,
      kind: LEGAL_ENTITY,
      async upsert(trx, data) {
        const profile = ltJarProfile(data.id, data.record);
        await upsertProfile(trx, LT_JAR_PROFILES, profile);
        await trx.raw(`delete from ${LT_STATUSES} where id = ?`, [data.id]);
        if (profile.personne_physique) return;
        const status = Object.fromEntries(STATUS_FIELDS.map((f) => [f, data.record[f] ?? null]));
        await trx.raw(`insert into ${LT_STATUSES} (id, entreprise, record) values (?, ?, ?::jsonb)`, [
          data.id,
          data.id,
          JSON.stringify(status),
        ]);
      },
      async drop(trx, data) {
        await deleteProfile(trx, LT_JAR_PROFILES, data.id);
        await trx.raw(`delete from ${LT_STATUSES} where id = ?`, [data.id]);
      },
    },
    detailBinding(LT_JAR_REGISTER, ACCOUNT_LINE, LT_ACCOUNT_LINES, (r) => (r.ja_kodas as string) ?? null),
    passFilesBinding(LT_JAR_REGISTER, LT_FILES),
  ]),
};
