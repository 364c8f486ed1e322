import type { Knex } from 'knex';
import {
  FIRM,
  PRACTITIONER,
  RO_ONRC_REGISTER,
  STATUS,
  STATUS_LABEL,
} from '../../schemas/events/roOnrcEvents.ts';
import type { Projection } from '../core/projection.ts';
import { detailBinding } from '../eu-profile/detailDocuments.ts';
import { euCopyProjection } from '../eu-profile/euCopyProjection.ts';
import { servedCuiOf } from './roOnrcProfile.ts';
import { createFirmsTable, createStatusesTable, createStatusLabelsTable, exactName } from './roOnrcTables.ts';
import { refreshProfiles } from './roProfilesRefresh.ts';

export const RO_ONRC_PROFILES = 'eu_ro_entreprises';
export const RO_FIRMS = 'eu_ro_firme';
export const RO_STATUSES = 'eu_ro_stari';
export const RO_STATUS_LABELS = 'eu_ro_stari_libelles';
export const RO_PRACTITIONERS = 'eu_ro_mandataires';
export const RO_FILES = 'eu_ro_fichiers';

const rowsOf = async <T>(trx: Knex.Transaction, sql: string, args: Knex.RawBinding[]): Promise<T[]> =>
  (await trx.raw(sql, args)).rows as T[];

const TABLES = {
  profiles: RO_ONRC_PROFILES,
  firms: RO_FIRMS,
  statuses: RO_STATUSES,
  labels: RO_STATUS_LABELS,
};

const refreshCui = (trx: Knex.Transaction, cui: string) => refreshProfiles(trx, TABLES, [cui]);

async function cuiOfFirm(trx: Knex.Transaction, cod: string): Promise<string | null> {
  const [firm] = await rowsOf<{ cui: string | null }>(trx, `select cui from ${RO_FIRMS} where cod = ?`, [
    cod,
  ]);
  return firm?.cui ?? null;
}

async function refreshFirms(trx: Knex.Transaction, cods: Iterable<string>): Promise<void> {
  const cuis = new Set<string>();
  for (const cod of new Set(cods)) {
    const cui = await cuiOfFirm(trx, cod);
    if (cui) cuis.add(cui);
  }
  for (const cui of cuis) await refreshCui(trx, cui);
}

const codesWith = async (trx: Knex.Transaction, code: string) =>
  (await rowsOf<{ cod: string }>(trx, `select cod from ${RO_STATUSES} where code = ?`, [code])).map(
    (r) => r.cod,
  );

/**
 * Romania's local copy: the unified profile by CUI (statut from the status codes, see roStatut.ts), the firms
 * by registration number, their status codes and the nomenclature, the insolvency and liquidation
 * practitioners, and the files of the published pass.
 */
export const roOnrcProjection: Projection = euCopyProjection({
  name: 'ro-onrc',
  register: RO_ONRC_REGISTER,
  copy: {
    migration: 'eu_ro_0001_tables',
    profiles: RO_ONRC_PROFILES,
    details: [RO_PRACTITIONERS],
    files: RO_FILES,
    alsoCreates: async (knex) => {
      await createFirmsTable(knex, RO_FIRMS);
      await createStatusesTable(knex, RO_STATUSES);
      await createStatusLabelsTable(knex, RO_STATUS_LABELS);
    },
  },
  moreTables: [RO_FIRMS, RO_STATUSES, RO_STATUS_LABELS],
  bindings: [
    {
      register: RO_ONRC_REGISTER,
      kind: FIRM,
      async upsert(trx, data) {
        const before = await cuiOfFirm(trx, data.id);
        const cui = servedCuiOf(data.record);
        await trx.raw(
          `insert into ${RO_FIRMS} (cod, cui, nom_exact, record) values (?, ?, ?, ?::jsonb)
           on conflict (cod) do update set cui = excluded.cui, nom_exact = excluded.nom_exact, record = excluded.record`,
          [data.id, cui, exactName(data.record.DENUMIRE), JSON.stringify(data.record)],
        );
        if (before && before !== cui) await refreshCui(trx, before);
        if (cui) await refreshCui(trx, cui);
      },
      async upsertMany(trx, items) {
        const cods = items.map((i) => i.data.id);
        const { rows: before } = await trx.raw(
          `select cui from ${RO_FIRMS} where cod = any(?) and cui is not null`,
          [cods],
        );
        const rows = items.map(({ data }) => ({
          cod: data.id,
          cui: servedCuiOf(data.record),
          nom: exactName(data.record.DENUMIRE),
          record: JSON.stringify(data.record),
        }));
        for (let i = 0; i < rows.length; i += 1000) {
          const chunk = rows.slice(i, i + 1000);
          await trx.raw(
            `insert into ${RO_FIRMS} (cod, cui, nom_exact, record)
             values ${chunk.map(() => '(?, ?, ?, ?::jsonb)').join(', ')}
             on conflict (cod) do update set cui = excluded.cui, nom_exact = excluded.nom_exact, record = excluded.record`,
            chunk.flatMap((r) => [r.cod, r.cui, r.nom, r.record]),
          );
        }
        const cuis = [
          ...(before as { cui: string }[]).map((r) => r.cui),
          ...rows.flatMap((r) => (r.cui ? [r.cui] : [])),
        ];
        await refreshProfiles(trx, TABLES, cuis);
      },
      async drop(trx, data) {
        const before = await cuiOfFirm(trx, data.id);
        await trx.raw(`delete from ${RO_FIRMS} where cod = ?`, [data.id]);
        if (before) await refreshCui(trx, before);
      },
    },
    {
      register: RO_ONRC_REGISTER,
      kind: STATUS,
      async upsert(trx, data) {
        const cod = String(data.record.COD_INMATRICULARE);
        await trx.raw(
          `insert into ${RO_STATUSES} (id, cod, code) values (?, ?, ?)
           on conflict (id) do update set cod = excluded.cod, code = excluded.code`,
          [data.id, cod, String(data.record.COD)],
        );
        await refreshFirms(trx, [cod]);
      },
      async upsertMany(trx, items) {
        const rows = items.map(({ data }) => [
          data.id,
          String(data.record.COD_INMATRICULARE),
          String(data.record.COD),
        ]);
        for (let i = 0; i < rows.length; i += 1000) {
          const chunk = rows.slice(i, i + 1000);
          await trx.raw(
            `insert into ${RO_STATUSES} (id, cod, code) values ${chunk.map(() => '(?, ?, ?)').join(', ')}
             on conflict (id) do update set cod = excluded.cod, code = excluded.code`,
            chunk.flat(),
          );
        }
        const { rows: held } = await trx.raw(
          `select distinct cui from ${RO_FIRMS} where cod = any(?) and cui is not null`,
          [[...new Set(rows.map((r) => r[1]!))]],
        );
        await refreshProfiles(
          trx,
          TABLES,
          (held as { cui: string }[]).map((r) => r.cui),
        );
      },
      async drop(trx, data) {
        const [row] = await rowsOf<{ cod: string }>(trx, `select cod from ${RO_STATUSES} where id = ?`, [
          data.id,
        ]);
        await trx.raw(`delete from ${RO_STATUSES} where id = ?`, [data.id]);
        if (row) await refreshFirms(trx, [row.cod]);
      },
    },
    {
      register: RO_ONRC_REGISTER,
      kind: STATUS_LABEL,
      async upsert(trx, data) {
        await trx.raw(
          `insert into ${RO_STATUS_LABELS} (code, label) values (?, ?)
           on conflict (code) do update set label = excluded.label`,
          [data.id, (data.record.DENUMIRE as string | null) ?? null],
        );
        await refreshFirms(trx, await codesWith(trx, data.id));
      },
      async drop(trx, data) {
        await trx.raw(`delete from ${RO_STATUS_LABELS} where code = ?`, [data.id]);
        await refreshFirms(trx, await codesWith(trx, data.id));
      },
    },
    detailBinding(RO_ONRC_REGISTER, PRACTITIONER, RO_PRACTITIONERS, (r) =>
      typeof r.COD_INMATRICULARE === 'string' ? r.COD_INMATRICULARE : null,
    ),
  ],
});
