import { loadConfig } from '../../ops/config.ts';
import { type Database, openDatabase, openMemoryDatabase } from '../../ops/database/openDatabase.ts';
import { createLogger } from '../../ops/logger.ts';

export const testLogger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');

/** Which database this run targets: the server of DATABASE_URL, or an embedded one in memory. */
export const targetDescription = process.env.DATABASE_URL ? 'postgresql server' : 'embedded (PGlite)';

/**
 * A fresh, empty database for one suite. On a server the public schema is dropped and recreated,
 * so suites run one after another (mocha runs files serially).
 */
export async function freshDatabase(opts: { poolMax?: number } = {}): Promise<Database> {
  if (!process.env.DATABASE_URL) return openMemoryDatabase(opts);
  const db = await openDatabase(loadConfig(), testLogger, opts);
  await db.knex.raw('drop schema if exists public cascade');
  await db.knex.raw('create schema public');
  return db;
}
