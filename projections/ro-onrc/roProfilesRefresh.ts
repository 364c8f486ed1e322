import type { Knex } from 'knex';
import type { EuProfileRow } from '../../schemas/europe/euProfileRow.ts';
import { roOnrcProfile } from './roOnrcProfile.ts';
import type { RoStatusCode } from './roStatut.ts';
import { roStatut } from './roStatut.ts';

export interface RoProfileTables {
  profiles: string;
  firms: string;
  statuses: string;
  labels: string;
}

const PROFILE_COLUMNS: (keyof EuProfileRow)[] = [
  'id_national',
  'personne_physique',
  'denomination',
  'forme_code',
  'forme_libelle',
  'statut',
  'statut_detail',
  'date_creation',
  'adresse',
  'code_postal',
  'ville',
  'pays_adresse',
  'tva',
  'lei',
  'lien_registre',
];
/** Rows per insert statement (15 columns each: well under PostgreSQL's 65,535 parameters). */
const CHUNK = 1000;

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
  const gone = wanted.filter((cui) => !held.some((f) => f.cui === cui));
  if (gone.length) await trx.raw(`delete from ${tables.profiles} where id_national = any(?)`, [gone]);
  for (let i = 0; i < profiles.length; i += CHUNK) {
    const chunk = profiles.slice(i, i + CHUNK);
    const tuple = `(${PROFILE_COLUMNS.map(() => '?').join(', ')})`;
    await trx.raw(
      `insert into ${tables.profiles} (${PROFILE_COLUMNS.join(', ')}) values ${chunk.map(() => tuple).join(', ')}
       on conflict (id_national) do update set ${PROFILE_COLUMNS.slice(1)
         .map((c) => `${c} = excluded.${c}`)
         .join(', ')}`,
      chunk.flatMap((p) => PROFILE_COLUMNS.map((c) => p[c] as Knex.Value)),
    );
  }
}
