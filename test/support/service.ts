import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type ComposeOptions,
  composedProjections,
  composeService,
  type Service,
} from '../../app/server/composeService.ts';
import { schemaMigrations } from '../../app/server/migrateAll.ts';
import { loadConfig } from '../../ops/config.ts';
import type { Database } from '../../ops/database/openDatabase.ts';
import { freshDatabase, migratedDatabase, testLogger } from './database.ts';
import { checkResponsesOf } from './responseSchemas.ts';

export interface RunningService {
  service: Service;
  db: Database;
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The whole service on a fresh database, listening on a free loopback port, with its own data directory. A
 * database passed in `db` is the service's from then on: `stop()` closes it, and so does a failed start.
 * Without one, the service starts on a copy of a database its own migrations were run on (a template built
 * once per run), which is what migrating a fresh one at its start would give.
 */
export async function startTestService(
  options: ComposeOptions & {
    db?: Database;
    /** Variables of the environment the service's configuration reads (e.g. `WEBHOOK_ADDRESSES: 'any'`). */
    configEnv?: Record<string, string>;
  } = {},
): Promise<RunningService> {
  const { configEnv, ...opts } = options;
  const db = opts.db ?? (await databaseFor(opts));
  let dataDir: string;
  try {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-test-'));
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
  let composed: Service | undefined;
  let port: number;
  try {
    const config = { ...loadConfig({ ...configEnv, DATA_DIR: dataDir }), host: '127.0.0.1' };
    // Suites send bursts of requests from one address: limits only where a test sets them.
    const service = await composeService(db, config, testLogger, {
      servedLogFlushMs: 20,
      rateLimits: false,
      // No test touches the network: the live registers are read only where a test replays them (liveUrls).
      ...(opts.liveUrls === undefined ? { liveRegisters: [] } : {}),
      // The French live registers (the RNE) only where a test names them.
      frenchLiveSources: [],
      ...opts,
    });
    composed = service;
    // Every answer is checked against its route's declared schema (test/support/responseSchemaHooks.ts).
    checkResponsesOf(service.app.koa);
    port = await service.listen(0, '127.0.0.1');
  } catch (err) {
    // A service that failed to start must not keep its fresh database open: the next suite could not open its own.
    await composed?.close().catch(() => {});
    await db.close().catch(() => {});
    await fs.rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  const service = composed;
  return {
    service,
    db,
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    async stop() {
      await service.close();
      await db.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The database a service composed with `opts` would migrate at its start, already migrated. A deferred
 * database (the service migrates it itself, later) and a composition the migrations refuse (a name used
 * twice: the service must fail to start as it would) get a fresh, empty one.
 */
export function databaseFor(opts: ComposeOptions): Promise<Database> {
  if (opts.deferDatabase) return freshDatabase();
  const migrations = schemaMigrations(composedProjections(opts));
  const names = new Set(migrations.map((m) => m.name));
  if (names.size !== migrations.length) return freshDatabase();
  return migratedDatabase(migrations);
}
