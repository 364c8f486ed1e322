import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import type { Config } from '../../ops/config.ts';
import { allowNamedStatements, allowSessionStatements } from '../../ops/database/namedStatements.ts';
import { type Database, openDatabase, openMemoryDatabase } from '../../ops/database/openDatabase.ts';
import type { Logger } from '../../ops/logger.ts';

export type EmbeddedPlacement = 'memory' | 'disk';

export interface BenchDatabase {
  /** "postgres" or "embedded (memory)" / "embedded (disk)". */
  label: string;
  displayUrl: string;
  /** Connection string (with any password), for clients other than knex such as psql. */
  url: string;
  /** The isolated schema every unqualified table name of `knex` resolves to. */
  schema: string;
  /** Connections whose search_path is the bench schema only. */
  knex: Knex;
  notifications: Database['notifications'];
  /** Drops the schema (and the temporary directory of an embedded database on disk), then closes. */
  close(): Promise<void>;
}

/**
 * The database a benchmark writes to, never the user's ./data: DATABASE_URL's server, else a fresh embedded
 * database in memory (or under a temporary directory). Work happens in a schema created here and dropped on
 * close, so the bench never touches the tables of the database it is pointed at.
 */
export async function openBenchDatabase(
  config: Config,
  logger: Logger,
  opts: {
    embedded?: EmbeddedPlacement;
    poolMax?: number;
    /** Schemas searched after the bench schema (e.g. `public`, where extensions such as pg_trgm may live). */
    alsoSearch?: string[];
    /** Work in this existing schema (kept by an earlier run with `keep`) instead of a new one. */
    reuseSchema?: string;
    /** Leave the schema in place on close, to time again on the same data with `reuseSchema`. */
    keep?: boolean;
  } = {},
): Promise<BenchDatabase> {
  let db: Database;
  let label: string;
  let tempDir: string | null = null;
  if (config.databaseUrl) {
    db = await openDatabase(config, logger, { poolMax: 1 });
    label = 'postgres';
  } else if (opts.embedded === 'disk') {
    tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-bench-'));
    // A directory nobody serves: openDatabase opens a new embedded database there.
    db = await openDatabase({ ...config, databaseUrl: null, dataDir: tempDir }, logger, { poolMax: 1 });
    label = 'embedded (disk)';
  } else {
    db = await openMemoryDatabase({ poolMax: 1 });
    label = 'embedded (memory)';
  }
  const schema = opts.reuseSchema ?? `bench_${process.pid}_${Date.now().toString(36)}`;
  if (!/^bench_[a-z0-9_]+$/.test(schema)) throw new Error(`not a bench schema: ${schema}`);
  if (!opts.reuseSchema) await db.knex.raw(`create schema "${schema}"`);
  const knex = knexFactory({
    client: 'pg',
    connection: { connectionString: db.url },
    pool: {
      min: 0,
      max: opts.poolMax ?? 2,
      afterCreate(conn: { query(sql: string, cb: (err: Error | null) => void): void }, done: DoneFn) {
        const path = [schema, ...(opts.alsoSearch ?? [])].map((s) => `"${s}"`).join(', ');
        conn.query(`set search_path to ${path}`, (err) => done(err, conn));
      },
    },
    acquireConnectionTimeout: 5000,
  });
  // As `serve` opens it (openDatabase.ts): on a server, each pooled connection is a session of its own, so
  // the statements that ask for it are prepared once per connection. Without this the bench measured every
  // statement parsed and planned on each call, which `serve` does not do.
  if (label === 'postgres') allowNamedStatements(knex);
  else allowSessionStatements(knex);
  let closed = false;
  return {
    label,
    displayUrl: db.displayUrl,
    url: db.url,
    schema,
    knex,
    notifications: db.notifications,
    async close() {
      if (closed) return;
      closed = true;
      await knex.destroy();
      try {
        if (!opts.keep) await db.knex.raw(`drop schema if exists "${schema}" cascade`);
      } finally {
        await db.close();
        if (tempDir) await fs.rm(tempDir, { recursive: true, force: true });
      }
    },
  };
}

type DoneFn = (err: Error | null, conn: unknown) => void;
