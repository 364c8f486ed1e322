import type { Knex } from 'knex';
import { FILE_KIND } from '../../schemas/events/fileEvents.ts';
import type { EntityBinding } from '../core/entityHandlers.ts';

/**
 * Which files the published pass of a register read (`fichier` entities): a detail list (officers,
 * members, ...) is measured, and an empty one means "none registered", only when its file was in that pass.
 */
export async function createPassFilesTable(knex: Knex, table: string): Promise<void> {
  await knex.raw(
    `create table ${table} (role text primary key, nom text not null, sha256 text not null, lignes integer not null)`,
  );
}

export function passFilesBinding(register: string, table: string): EntityBinding {
  return {
    register,
    kind: FILE_KIND,
    async upsert(trx, data) {
      const r = data.record as { nom: string; sha256: string; lignes: number };
      await trx.raw(
        `insert into ${table} (role, nom, sha256, lignes) values (?, ?, ?, ?)
         on conflict (role) do update set nom = excluded.nom, sha256 = excluded.sha256, lignes = excluded.lignes`,
        [data.id, r.nom, r.sha256, r.lignes],
      );
    },
    async drop(trx, data) {
      await trx.raw(`delete from ${table} where role = ?`, [data.id]);
    },
  };
}

/** Whether the published pass read the file of this role. */
export async function passReadFile(knex: Knex, table: string, role: string): Promise<boolean> {
  const { rows } = await knex.raw(`select 1 from ${table} where role = ?`, [role]);
  return rows.length > 0;
}
