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

/** Schemas already looked up, per knex (one database) and extension. */
const knownSchemas = new WeakMap<Knex, Map<string, Promise<string>>>();

/**
 * extensionSchema, looked up once per knex: what queries use to name an extension's functions and operators
 * (`${schema}.similarity(...)`, `operator(${schema}.%)`) at no cost per query, so they do not depend on the
 * search_path either (managed providers install extensions in a schema of their own, outside it). An
 * extension does not move once migrations have named its schema in functions and indexes, so the answer is
 * kept for the life of the knex; a failed lookup (extension not installed yet) is not.
 */
export function cachedExtensionSchema(knex: Knex, extension: string): Promise<string> {
  const schemas = knownSchemas.get(knex) ?? new Map<string, Promise<string>>();
  knownSchemas.set(knex, schemas);
  const known = schemas.get(extension);
  if (known) return known;
  const lookup = extensionSchema(knex, extension);
  schemas.set(extension, lookup);
  lookup.catch(() => {
    if (schemas.get(extension) === lookup) schemas.delete(extension);
  });
  return lookup;
}
