import { loadConfig } from '../../ops/config.ts';
import { type Database, openDatabase, openMemoryDatabase } from '../../ops/database/openDatabase.ts';
import { createLogger } from '../../ops/logger.ts';

export const testLogger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');

/** Which database this run targets: the server of DATABASE_URL, or an embedded one in memory. */
export const targetDescription = process.env.DATABASE_URL ? 'postgresql server' : 'embedded (PGlite)';

/** How many databases of freshDatabase are open now (at most one: they share the server's schema). */
let openFreshDatabases = 0;

/**
 * A fresh, empty database for one suite. On a server the public schema is dropped and recreated,
 * so suites run one after another (mocha runs files serially).
 */
export async function freshDatabase(opts: { poolMax?: number } = {}): Promise<Database> {
  if (openFreshDatabases > 0) {
    // On a server a second fresh database drops the schema the first one is still using: the result
    // depends on timing (a deadlock, or a missing table under the first suite's service). Refused on
    // both targets so that the embedded run finds such a test too.
    throw new Error(
      'freshDatabase: another fresh database is still open; stop the first service or close it first',
    );
  }
  const db = process.env.DATABASE_URL
    ? await openDatabase(loadConfig(), testLogger, opts)
    : await openMemoryDatabase(opts);
  if (process.env.DATABASE_URL) {
    await db.knex.raw('drop schema if exists public cascade');
    await db.knex.raw('create schema public');
  }
  openFreshDatabases += 1;
  let closed = false;
  return {
    ...db,
    async close() {
      if (!closed) {
        closed = true;
        openFreshDatabases -= 1;
      }
      await db.close();
    },
  };
}

/** Where freshDatabaseWithExtensionsOutsidePath installs the extensions: a schema no session has in its search_path. */
export const OUTSIDE_SCHEMA = 'test_extensions_hors_chemin';

/**
 * A fresh database (freshDatabase) where pg_trgm and unaccent are installed, before any migration, in a
 * schema of their own that is not in the search_path, as managed providers do (an `extensions` schema): the
 * migrations find them there. On a server, extensions belong to the whole database: any left there (by a run
 * that stopped half-way) is dropped first, and closing drops the schema and them, so that the suites after
 * this one find the usual setup again.
 */
export async function freshDatabaseWithExtensionsOutsidePath(): Promise<Database> {
  const db = await freshDatabase();
  await db.knex.raw(`drop schema if exists ${OUTSIDE_SCHEMA} cascade`);
  await db.knex.raw('drop extension if exists pg_trgm, unaccent cascade');
  await db.knex.raw(`create schema ${OUTSIDE_SCHEMA}`);
  await db.knex.raw(`create extension pg_trgm schema ${OUTSIDE_SCHEMA}`);
  await db.knex.raw(`create extension unaccent schema ${OUTSIDE_SCHEMA}`);
  return {
    ...db,
    async close() {
      await db.knex.raw(`drop schema if exists ${OUTSIDE_SCHEMA} cascade`);
      await db.close();
    },
  };
}
