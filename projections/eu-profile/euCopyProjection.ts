import type { Knex } from 'knex';
import type { Migration } from '../../ops/database/migrations.ts';
import { type EntityBinding, entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { createEuCopyTables, type EuCopyTables } from './euCopyTables.ts';
import { passFilesBinding } from './passFilesTable.ts';

/**
 * The read model of a European local copy: the copy's tables (profiles, detail documents, files of the
 * published pass), created by its first migration under the name it was first run with, together with what
 * that migration `alsoCreates`; the register's own bindings, and the one recording each pass's files.
 * `tables` lists the copy's tables first, then `moreTables`.
 */
export function euCopyProjection(spec: {
  name: string;
  register: string;
  copy: EuCopyTables & { migration: string; alsoCreates?: (knex: Knex) => Promise<void> };
  moreTables?: readonly string[];
  moreMigrations?: readonly Migration[];
  bindings: readonly EntityBinding[];
}): Projection {
  const { copy } = spec;
  return {
    name: spec.name,
    registers: [spec.register],
    tables: [copy.profiles, ...(copy.details ?? []), copy.files, ...(spec.moreTables ?? [])],
    migrations: [
      {
        name: copy.migration,
        async up(knex) {
          await createEuCopyTables(knex, copy);
          await copy.alsoCreates?.(knex);
        },
      },
      ...(spec.moreMigrations ?? []),
    ],
    ...entityHandlers([...spec.bindings, passFilesBinding(spec.register, copy.files)]),
  };
}
