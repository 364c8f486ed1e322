import type { Knex } from 'knex';
import { deleteProfiles, upsertProfiles } from '../eu-profile/euProfileTable.ts';
import { roOnrcProfile } from './roOnrcProfile.ts';
import type { RoStatusCode } from './roStatut.ts';
import { roStatut } from './roStatut.ts';

export interface RoProfileTables {
  profiles: string;
  firms: string;
  statuses: string;
  labels: string;
}

/**
 * The profiles of these CUIs, each from the firm that holds it (the lowest registration number when several
 * do) and that firm's status codes; a CUI no firm holds any more loses its profile. In a few statements
 * whatever the number of CUIs, so a pass of millions of firms is projected in batches; the result depends
 * only on the tables' content, never on the order rows arrived in (a rebuild gives the same bytes).
 */
export async function refreshProfiles(
  trx: Knex.Transaction,
  tables: RoProfileTables,
  cuis: Iterable<string>,
): Promise<void> {
  const wanted = [...new Set(cuis)];
  if (wanted.length === 0) return;
  const { rows: firms } = await trx.raw(
    `select distinct on (cui) cui, cod, record from ${tables.firms} where cui = any(?) order by cui, cod`,
    [wanted],
  );
  const held = firms as { cui: string; cod: string; record: Record<string, unknown> }[];
  const { rows: codeRows } = await trx.raw(
    `select s.cod, s.code, l.label from ${tables.statuses} s left join ${tables.labels} l on l.code = s.code
      where s.cod = any(?)`,
    [held.map((f) => f.cod)],
  );
  const codesOf = new Map<string, RoStatusCode[]>();
  for (const r of codeRows as { cod: string; code: string; label: string | null }[]) {
    const list = codesOf.get(r.cod) ?? [];
    list.push({ code: r.code, label: r.label });
    codesOf.set(r.cod, list);
  }
  const profiles = held.map((f) => {
    const row = roOnrcProfile(f.cui, f.record);
    if (!row.personne_physique) {
      const { statut, detail } = roStatut(codesOf.get(f.cod) ?? []);
      row.statut = statut;
      row.statut_detail = detail;
    }
    return row;
  });
  const heldCuis = new Set(held.map((f) => f.cui));
  await deleteProfiles(
    trx,
    tables.profiles,
    wanted.filter((cui) => !heldCuis.has(cui)),
  );
  await upsertProfiles(trx, tables.profiles, profiles);
}
