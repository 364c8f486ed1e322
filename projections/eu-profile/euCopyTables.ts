import type { Knex } from 'knex';
import { createDetailTable } from './detailDocuments.ts';
import { createProfileTable, ensureEuSearchSupport } from './euProfileTable.ts';
import { createPassFilesTable } from './passFilesTable.ts';

/** The tables every European local copy has: its unified profiles, its detail documents, its pass's files. */
export interface EuCopyTables {
  profiles: string;
  details?: readonly string[];
  files: string;
}

/**
 * The first tables of a European local copy: the search's extensions, its unified profiles, its detail
 * documents (in order) and the files of its published passes. Further tables come in their own migrations.
 */
export async function createEuCopyTables(knex: Knex, tables: EuCopyTables): Promise<void> {
  await ensureEuSearchSupport(knex);
  await createProfileTable(knex, tables.profiles);
  for (const table of tables.details ?? []) await createDetailTable(knex, table);
  await createPassFilesTable(knex, tables.files);
}
