import type { Knex } from 'knex';
import { CY_DRCOR_REGISTER, ORGANISATION, REGISTERED_OFFICE } from '../../schemas/events/cyDrcorEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import {
  createProfileTable,
  deleteProfile,
  ensureEuSearchSupport,
  upsertProfile,
} from '../eu-profile/euProfileTable.ts';
import { type CyOffice, cyDrcorProfile, cyOffice } from './cyDrcorProfile.ts';

export const CY_DRCOR_PROFILES = 'eu_cy_entreprises';
/** Registered offices by `ADDRESS_SEQ_NO`, and which office each organisation points to. */
export const CY_OFFICES = 'eu_cy_bureaux';
export const CY_ORGANISATION_OFFICE = 'eu_cy_organisation_bureau';

async function officeOf(trx: Knex.Transaction, seq: string | null): Promise<CyOffice | null> {
  if (!seq) return null;
  const { rows } = await trx.raw(`select adresse, code_postal, ville from ${CY_OFFICES} where seq = ?`, [
    seq,
  ]);
  return (rows[0] as CyOffice | undefined) ?? null;
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
  ...entityHandlers([
    {
      register: CY_DRCOR_REGISTER,
      kind: ORGANISATION,
      async upsert(trx, data) {
        const seq = data.record.ADDRESS_SEQ_NO ? String(data.record.ADDRESS_SEQ_NO) : null;
        const row = cyDrcorProfile(data.id, data.record, await officeOf(trx, seq));
        await upsertProfile(trx, CY_DRCOR_PROFILES, row);
        await trx.raw(`delete from ${CY_ORGANISATION_OFFICE} where id_national = ?`, [data.id]);
        if (seq && !row.personne_physique) {
          await trx.raw(`insert into ${CY_ORGANISATION_OFFICE} (id_national, seq) values (?, ?)`, [
            data.id,
            seq,
          ]);
        }
      },
      async drop(trx, data) {
        await deleteProfile(trx, CY_DRCOR_PROFILES, data.id);
        await trx.raw(`delete from ${CY_ORGANISATION_OFFICE} where id_national = ?`, [data.id]);
      },
    },
    {
      register: CY_DRCOR_REGISTER,
      kind: REGISTERED_OFFICE,
      async upsert(trx, data) {
        const office = cyOffice(data.record);
        await trx.raw(
          `insert into ${CY_OFFICES} (seq, adresse, code_postal, ville) values (?, ?, ?, ?)
           on conflict (seq) do update set adresse = excluded.adresse, code_postal = excluded.code_postal,
             ville = excluded.ville`,
          [data.id, office.adresse, office.code_postal, office.ville],
        );
        await setAddress(trx, data.id, office);
      },
      async drop(trx, data) {
        await trx.raw(`delete from ${CY_OFFICES} where seq = ?`, [data.id]);
        await setAddress(trx, data.id, null);
      },
    },
  ]),
};

/** The address of every organisation pointing to office `seq` (none once the office is gone). */
async function setAddress(trx: Knex.Transaction, seq: string, office: CyOffice | null): Promise<void> {
  await trx.raw(
    `update ${CY_DRCOR_PROFILES} set adresse = ?, code_postal = ?, ville = ?, pays_adresse = ?
      where id_national in (select id_national from ${CY_ORGANISATION_OFFICE} where seq = ?)`,
    [
      office?.adresse ?? null,
      office?.code_postal ?? null,
      office?.ville ?? null,
      office?.adresse ? 'CY' : null,
      seq,
    ],
  );
}
