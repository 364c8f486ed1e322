import type { Knex } from 'knex';
import { quoteIdent } from './notifications.ts';

/**
 * Installs an extension where it does not exist yet (in the first schema of the session's search_path) and
 * returns the quoted schema it lives in, wherever that is. Functions and indexes that use the extension
 * name it through that schema, so they do not depend on the search_path of the session evaluating them.
 */
export async function ensureExtension(knex: Knex, extension: string): Promise<string> {
  await knex.raw(`create extension if not exists ${quoteIdent(extension)}`);
  return extensionSchema(knex, extension);
}

/** The quoted schema an installed extension lives in. */
export async function extensionSchema(knex: Knex, extension: string): Promise<string> {
  const { rows } = await knex.raw<{ rows: { nspname: string }[] }>(
    `select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = ?`,
    [extension],
  );
  const schema = rows[0]?.nspname;
  if (!schema) throw new Error(`extension ${extension} is not installed`);
  return quoteIdent(schema);
}
