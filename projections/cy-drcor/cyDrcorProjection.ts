import type { Knex } from 'knex';
import { CY_DRCOR_REGISTER, ORGANISATION, REGISTERED_OFFICE } from '../../schemas/events/cyDrcorEvents.ts';
import type { EntityDroppedData, EntityRecordedData } from '../../schemas/events/entityEvents.ts';
import { batchBinding, type EntityBinding, type EntityItem, entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { deleteRows, type RowTable, upsertRows } from '../core/rowTable.ts';
import {
  createProfileTable,
  deleteProfiles,
  ensureEuSearchSupport,
  upsertProfiles,
} from '../eu-profile/euProfileTable.ts';
import { type CyOffice, cyDrcorProfile, cyOffice } from './cyDrcorProfile.ts';

export const CY_DRCOR_PROFILES = 'eu_cy_entreprises';
/** Registered offices by `ADDRESS_SEQ_NO`, and which office each organisation points to. */
export const CY_OFFICES = 'eu_cy_bureaux';
export const CY_ORGANISATION_OFFICE = 'eu_cy_organisation_bureau';

const OFFICES: RowTable<CyOffice & { seq: string }> = {
  name: CY_OFFICES,
  key: ['seq'],
  columns: { seq: 'text', adresse: 'text', code_postal: 'text', ville: 'text' },
};
const ORGANISATION_OFFICE: RowTable<{ id_national: string; seq: string }> = {
  name: CY_ORGANISATION_OFFICE,
  key: ['id_national'],
  columns: { id_national: 'text', seq: 'text' },
};

const seqOf = (record: Record<string, unknown>) =>
  record.ADDRESS_SEQ_NO ? String(record.ADDRESS_SEQ_NO) : null;

/** The offices of these sequence numbers, by number (one read for a batch). */
async function officesOf(trx: Knex.Transaction, seqs: readonly string[]): Promise<Map<string, CyOffice>> {
  const offices = new Map<string, CyOffice>();
  if (seqs.length === 0) return offices;
  const { rows } = await trx.raw(
    `select seq, adresse, code_postal, ville from ${CY_OFFICES} where seq = any(?::text[])`,
    [[...new Set(seqs)]],
  );
  for (const r of rows as (CyOffice & { seq: string })[]) {
    offices.set(r.seq, { adresse: r.adresse, code_postal: r.code_postal, ville: r.ville });
  }
  return offices;
}

/** Organisations: their profiles with the address of their office if it came first, and the office they point to. */
const organisations: EntityBinding = (() => {
  const upsertMany = async (trx: Knex.Transaction, items: readonly EntityItem<EntityRecordedData>[]) => {
    const seqs = items.map(({ data }) => seqOf(data.record));
    const offices = await officesOf(
      trx,
      seqs.filter((s): s is string => s !== null),
    );
    const profiles = items.map(({ data }, i) =>
      cyDrcorProfile(data.id, data.record, (seqs[i] && offices.get(seqs[i])) || null),
    );
    await upsertProfiles(trx, CY_DRCOR_PROFILES, profiles);
    await deleteRows(
      trx,
      ORGANISATION_OFFICE,
      items.map(({ data }) => data.id),
    );
    await upsertRows(
      trx,
      ORGANISATION_OFFICE,
      items.flatMap(({ data }, i) =>
        seqs[i] && !profiles[i]!.personne_physique ? [{ id_national: data.id, seq: seqs[i] }] : [],
      ),
    );
  };
  const dropMany = async (trx: Knex.Transaction, items: readonly EntityItem<EntityDroppedData>[]) => {
    const ids = items.map(({ data }) => data.id);
    await deleteProfiles(trx, CY_DRCOR_PROFILES, ids);
    await deleteRows(trx, ORGANISATION_OFFICE, ids);
  };
  return batchBinding({ register: CY_DRCOR_REGISTER, kind: ORGANISATION, upsertMany, dropMany });
})();

/** Registered offices: kept by number, and copied into the profiles of the organisations pointing to them. */
const registeredOffices: EntityBinding = (() => {
  const upsertMany = async (trx: Knex.Transaction, items: readonly EntityItem<EntityRecordedData>[]) => {
    await upsertRows(
      trx,
      OFFICES,
      items.map(({ data }) => ({ seq: data.id, ...cyOffice(data.record) })),
    );
    await setAddresses(
      trx,
      items.map(({ data }) => data.id),
    );
  };
  const dropMany = async (trx: Knex.Transaction, items: readonly EntityItem<EntityDroppedData>[]) => {
    const seqs = items.map(({ data }) => data.id);
    await deleteRows(trx, OFFICES, seqs);
    await setAddresses(trx, seqs);
  };
  return batchBinding({ register: CY_DRCOR_REGISTER, kind: REGISTERED_OFFICE, upsertMany, dropMany });
})();

/** The address of every organisation pointing to one of these offices, from the office (none once it is gone). */
async function setAddresses(trx: Knex.Transaction, seqs: readonly string[]): Promise<void> {
  await trx.raw(
    `update ${CY_DRCOR_PROFILES} p
        set adresse = o.adresse, code_postal = o.code_postal, ville = o.ville,
            pays_adresse = case when coalesce(o.adresse, '') <> '' then 'CY' end
       from ${CY_ORGANISATION_OFFICE} m left join ${CY_OFFICES} o on o.seq = m.seq
      where m.id_national = p.id_national and m.seq = any(?::text[])`,
    [[...seqs]],
  );
}

/**
 * Cyprus's local copy: organisations in the unified profile's terms, their address joined from the
 * registered-office file whichever of the two files' events comes first.
 */
export const cyDrcorProjection: Projection = {
  name: 'cy-drcor',
  registers: [CY_DRCOR_REGISTER],
  tables: [CY_DRCOR_PROFILES, CY_OFFICES, CY_ORGANISATION_OFFICE],
  migrations: [
    {
      name: 'eu_cy_0001_tables',
      async up(knex) {
        await ensureEuSearchSupport(knex);
        await createProfileTable(knex, CY_DRCOR_PROFILES);
        await knex.raw(
          `create table ${CY_OFFICES} (seq text primary key, adresse text, code_postal text, ville text)`,
        );
        await knex.raw(
          `create table ${CY_ORGANISATION_OFFICE} (id_national text primary key, seq text not null)`,
        );
        await knex.raw(`create index ${CY_ORGANISATION_OFFICE}_seq on ${CY_ORGANISATION_OFFICE} (seq)`);
      },
    },
  ],
  ...entityHandlers([organisations, registeredOffices]),
};
