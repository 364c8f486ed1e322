import type { Knex } from 'knex';
import { LV_UR_REGISTER, REORGANIZATION } from '../../schemas/events/lvUrEvents.ts';
import type { EntityBinding } from '../core/entityHandlers.ts';

/**
 * Reorganisations involve two companies (the source and the final one): each gets the row, so the legal
 * events of either list it. Keyed by (reorganisation id, company).
 */
export async function createReorganisationsTable(knex: Knex, table: string): Promise<void> {
  await knex.raw(
    `create table ${table} (id text not null, entreprise text not null, record jsonb not null,
       primary key (id, entreprise))`,
  );
  await knex.raw(`create index ${table}_entreprise on ${table} (entreprise)`);
}

const regcode = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

export function reorganisationsBinding(table: string): EntityBinding {
  return {
    register: LV_UR_REGISTER,
    kind: REORGANIZATION,
    async upsert(trx, data) {
      await trx.raw(`delete from ${table} where id = ?`, [data.id]);
      const sides = new Set(
        [regcode(data.record.source_entity_regcode), regcode(data.record.final_entity_regcode)].filter(
          (c): c is string => c !== null,
        ),
      );
      for (const company of sides) {
        await trx.raw(`insert into ${table} (id, entreprise, record) values (?, ?, ?::jsonb)`, [
          data.id,
          company,
          JSON.stringify(data.record),
        ]);
      }
    },
    async drop(trx, data) {
      await trx.raw(`delete from ${table} where id = ?`, [data.id]);
    },
  };
}
