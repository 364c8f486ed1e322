import type { Knex } from 'knex';
import { ACT, ES_BORME_REGISTER, type EsBormeAct } from '../../schemas/events/esBormeEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { createDetailTable, readDetails } from '../eu-profile/detailDocuments.ts';
import {
  createProfileTable,
  deleteProfile,
  ensureEuSearchSupport,
  upsertProfile,
} from '../eu-profile/euProfileTable.ts';
import { createPassFilesTable, passFilesBinding } from '../eu-profile/passFilesTable.ts';
import { esBormeProfile } from './esBormeProfile.ts';

export const ES_BORME_PROFILES = 'eu_es_entreprises';
/** The acts held, one row each, keyed by `<year>-<act number>`, with their sheet (`entreprise`). */
export const ES_BORME_ACTS = 'eu_es_actes';
export const ES_BORME_FILES = 'eu_es_fichiers';

/** Rebuilds a sheet's profile from every act held under it (none left: no profile). */
async function refreshProfile(trx: Knex.Transaction, hoja: string) {
  const acts = (await readDetails(trx, ES_BORME_ACTS, hoja)) as unknown as EsBormeAct[];
  if (acts.length === 0) await deleteProfile(trx, ES_BORME_PROFILES, hoja);
  else await upsertProfile(trx, ES_BORME_PROFILES, esBormeProfile(hoja, acts));
}

/** Spain's BORME base: the acts by registry sheet, and the unified profile their headers give. */
export const esBormeProjection: Projection = {
  name: 'es-borme',
  registers: [ES_BORME_REGISTER],
  tables: [ES_BORME_PROFILES, ES_BORME_ACTS, ES_BORME_FILES],
  migrations: [
    {
      name: 'eu_es_0001_tables',
      async up(knex) {
        await ensureEuSearchSupport(knex);
        await createProfileTable(knex, ES_BORME_PROFILES);
        await createDetailTable(knex, ES_BORME_ACTS);
        await createPassFilesTable(knex, ES_BORME_FILES);
      },
    },
  ],
  ...entityHandlers([
    {
      register: ES_BORME_REGISTER,
      kind: ACT,
      async upsert(trx, data) {
        const hoja = String(data.record.hoja);
        const { rows } = await trx.raw(`select entreprise from ${ES_BORME_ACTS} where id = ?`, [data.id]);
        await trx.raw(
          `insert into ${ES_BORME_ACTS} (id, entreprise, record) values (?, ?, ?::jsonb)
           on conflict (id) do update set entreprise = excluded.entreprise, record = excluded.record`,
          [data.id, hoja, JSON.stringify(data.record)],
        );
        await refreshProfile(trx, hoja);
        const before = (rows as { entreprise: string }[])[0]?.entreprise;
        if (before && before !== hoja) await refreshProfile(trx, before);
      },
      async drop(trx, data) {
        const { rows } = await trx.raw(`delete from ${ES_BORME_ACTS} where id = ? returning entreprise`, [
          data.id,
        ]);
        const hoja = (rows as { entreprise: string }[])[0]?.entreprise;
        if (hoja) await refreshProfile(trx, hoja);
      },
    },
    passFilesBinding(ES_BORME_REGISTER, ES_BORME_FILES),
  ]),
};
