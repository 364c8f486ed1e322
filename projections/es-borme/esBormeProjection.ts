import type { Knex } from 'knex';
import type { EntityRecordedData } from '../../schemas/events/entityEvents.ts';
import { ACT, ES_BORME_REGISTER, type EsBormeAct } from '../../schemas/events/esBormeEvents.ts';
import { batchBinding } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { euCopyProjection } from '../eu-profile/euCopyProjection.ts';
import { deleteProfiles, upsertProfiles } from '../eu-profile/euProfileTable.ts';
import { esBormeProfile } from './esBormeProfile.ts';

export const ES_BORME_PROFILES = 'eu_es_entreprises';
/** The acts held, one row each, keyed by `<year>-<act number>`, with their sheet (`entreprise`). */
export const ES_BORME_ACTS = 'eu_es_actes';
export const ES_BORME_FILES = 'eu_es_fichiers';

/** Rebuilds these sheets' profiles from every act held under each (none left: no profile), in a few statements. */
async function refreshProfiles(trx: Knex.Transaction, sheets: Iterable<string>) {
  const hojas = [...new Set(sheets)];
  if (hojas.length === 0) return;
  const { rows } = await trx.raw(
    `select entreprise, record from ${ES_BORME_ACTS} where entreprise = any(?) order by id`,
    [hojas],
  );
  const acts = new Map<string, EsBormeAct[]>();
  for (const r of rows as { entreprise: string; record: EsBormeAct }[]) {
    const held = acts.get(r.entreprise);
    if (held) held.push(r.record);
    else acts.set(r.entreprise, [r.record]);
  }
  await upsertProfiles(
    trx,
    ES_BORME_PROFILES,
    [...acts].map(([hoja, held]) => esBormeProfile(hoja, held)),
  );
  await deleteProfiles(
    trx,
    ES_BORME_PROFILES,
    hojas.filter((h) => !acts.has(h)),
  );
}

/** The sheets these acts are held under now. */
async function sheetsOf(trx: Knex.Transaction, ids: string[]): Promise<string[]> {
  const { rows } = await trx.raw(`select entreprise from ${ES_BORME_ACTS} where id = any(?)`, [ids]);
  return (rows as { entreprise: string }[]).map((r) => r.entreprise);
}

/** Acts recorded or changed: written in a few statements, then the profiles of their sheets (old and new). */
async function upsertActs(trx: Knex.Transaction, acts: readonly EntityRecordedData[]) {
  const before = await sheetsOf(
    trx,
    acts.map((a) => a.id),
  );
  for (let i = 0; i < acts.length; i += 1000) {
    const chunk = acts.slice(i, i + 1000);
    await trx.raw(
      `insert into ${ES_BORME_ACTS} (id, entreprise, record)
       values ${chunk.map(() => '(?, ?, ?::jsonb)').join(', ')}
       on conflict (id) do update set entreprise = excluded.entreprise, record = excluded.record`,
      chunk.flatMap((a) => [a.id, String(a.record.hoja), JSON.stringify(a.record)]),
    );
  }
  await refreshProfiles(trx, [...before, ...acts.map((a) => String(a.record.hoja))]);
}

async function dropActs(trx: Knex.Transaction, ids: string[]) {
  const { rows } = await trx.raw(`delete from ${ES_BORME_ACTS} where id = any(?) returning entreprise`, [
    ids,
  ]);
  await refreshProfiles(
    trx,
    (rows as { entreprise: string }[]).map((r) => r.entreprise),
  );
}

/** Spain's BORME base: the acts by registry sheet, and the unified profile their headers give. */
export const esBormeProjection: Projection = euCopyProjection({
  name: 'es-borme',
  register: ES_BORME_REGISTER,
  copy: {
    migration: 'eu_es_0001_tables',
    profiles: ES_BORME_PROFILES,
    details: [ES_BORME_ACTS],
    files: ES_BORME_FILES,
  },
  bindings: [
    batchBinding({
      register: ES_BORME_REGISTER,
      kind: ACT,
      upsertMany: (trx, items) =>
        upsertActs(
          trx,
          items.map((i) => i.data),
        ),
      dropMany: (trx, items) =>
        dropActs(
          trx,
          items.map((i) => i.data.id),
        ),
    }),
  ],
});
