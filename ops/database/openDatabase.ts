import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
// PGlite (its WebAssembly build) is loaded only by a process that opens the embedded database itself: a command
// that reaches a running server's socket, or a PostgreSQL server, never loads it.
import type { EmbeddedHost } from './embeddedHost.ts';
import { EMBEDDED_SOCKET_FILE, type EmbeddedSocketInfo } from './embeddedSocket.ts';
import { allowNamedStatements, allowSessionStatements } from './namedStatements.ts';
import {
  createEmitterNotificationSource,
  createPgNotificationSource,
  createPollingNotificationSource,
  type NotificationSource,
} from './notifications.ts';

// bigint and numeric columns come back as strings; positions are parsed with BigInt where they are used.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export type DatabaseKind = 'postgres' | 'embedded' | 'embedded-remote';

export interface Database {
  kind: DatabaseKind;
  /** Connection string without any password, for display. */
  displayUrl: string;
  url: string;
  knex: Knex;
  /**
   * Where the priced routes read the read tables and what the read side has applied (freshness, provenance):
   * a streaming replica (`DATABASE_READ_URL`). Absent: `knex`. Every write, and every read that must see a
   * write just made (keys, balances, nonces, live observations), stays on `knex`.
   */
  readKnex?: Knex;
  /** The replica's connection string without any password, for display; absent without a replica. */
  readDisplayUrl?: string;
  notifications: NotificationSource;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Pool size; the embedded database serialises anyway, a few connections keep reads flowing. */
  poolMax?: number;
  logger?: Logger;
}

/**
 * DATABASE_URL set: that server, and DATABASE_READ_URL's replica for the routes' reads when set. Otherwise the
 * embedded database under `dataDir`: reached through the socket of the process that already has it open, or
 * opened here when nobody has (a replica is then ignored: the embedded database has none).
 */
export async function openDatabase(
  config: Config,
  logger: Logger,
  opts: OpenDatabaseOptions = {},
): Promise<Database> {
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    const db = await assemble(
      'postgres',
      url,
      createPgNotificationSource(url, logger),
      { logger, ...opts },
      async () => {},
    );
    return config.databaseReadUrl ? withReadReplica(db, config.databaseReadUrl, { logger, ...opts }) : db;
  }
  if (config.databaseReadUrl) {
    logger.warn(
      { replica: redactUrl(config.databaseReadUrl) },
      'DATABASE_READ_URL ignored: the embedded database has no replica (set DATABASE_URL to a PostgreSQL server)',
    );
  }
  const running = await findRunningEmbeddedHost(config.dataDir);
  if (running) {
    const url = `postgres://postgres@${running.host}:${running.port}/postgres`;
    return assemble(
      'embedded-remote',
      url,
      createPollingNotificationSource(1000),
      { logger, ...opts },
      async () => {},
    );
  }
  const { startEmbeddedHost } = await import('./embeddedHost.ts');
  const host = await startEmbeddedHost({ dataDir: config.dataDir });
  return assemble(
    'embedded',
    host.url,
    createEmitterNotificationSource(host.notifications, (channel) => host.listen(channel)),
    { logger, ...opts },
    () => host.stop(),
  );
}

/** An embedded database in memory, for tests: nothing touches the disk. */
export async function openMemoryDatabase(opts: OpenDatabaseOptions = {}): Promise<Database> {
  const { startEmbeddedHost } = await import('./embeddedHost.ts');
  return overHost(await startEmbeddedHost({ dataDir: 'memory://' }), opts);
}

/**
 * A database over a PGlite already open (the tests' one per process): its own socket server, which closing
 * stops, cutting any connection left; PGlite itself stays open.
 */
export async function openEmbeddedSession(pglite: PGlite, opts: OpenDatabaseOptions = {}): Promise<Database> {
  const { serveEmbedded } = await import('./embeddedHost.ts');
  return overHost(await serveEmbedded(pglite, { socketFile: null, closeDatabase: false }), opts);
}

function overHost(host: EmbeddedHost, opts: OpenDatabaseOptions): Promise<Database> {
  return assemble(
    'embedded',
    host.url,
    createEmitterNotificationSource(host.notifications, (channel) => host.listen(channel)),
    opts,
    () => host.stop(),
  );
}

async function assemble(
  kind: DatabaseKind,
  url: string,
  notifications: NotificationSource,
  opts: OpenDatabaseOptions,
  stopHost: () => Promise<void>,
): Promise<Database> {
  const knex = createKnex(url, opts.poolMax ?? 10, opts.logger);
  if (kind === 'postgres') allowNamedStatements(knex);
  if (kind === 'embedded') allowSessionStatements(knex);
  return {
    kind,
    url,
    displayUrl: redactUrl(url),
    knex,
    notifications,
    async close() {
      await notifications.close();
      await knex.destroy();
      await stopHost();
    },
  };
}

/**
 * Routes read from the replica at `readUrl`; everything else keeps the primary. Its pool opens connections on
 * first use, so an unreachable replica is an outage of the routes reading it (503 base_indisponible), not a
 * failure to start.
 */
function withReadReplica(db: Database, readUrl: string, opts: OpenDatabaseOptions): Database {
  const readKnex = createKnex(readUrl, opts.poolMax ?? 10, opts.logger);
  allowNamedStatements(readKnex);
  return {
    ...db,
    readKnex,
    readDisplayUrl: redactUrl(readUrl),
    async close() {
      await Promise.all([db.close(), readKnex.destroy()]);
    },
  };
}

/** Knex over `pg`; its own messages go to the structured log (or nowhere), never to the console. */
export function createKnex(url: string, poolMax: number, logger?: Logger): Knex {
  const to = (level: 'warn' | 'error' | 'debug') => (message: unknown) =>
    logger?.[level]({ knex: String(message) }, 'knex');
  return knexFactory({
    client: 'pg',
    connection: { connectionString: url },
    pool: { min: 0, max: poolMax },
    acquireConnectionTimeout: 5000,
    log: { warn: to('warn'), error: to('error'), debug: to('debug'), deprecate: to('warn') },
  });
}

export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://(unparsable)';
  }
}

async function findRunningEmbeddedHost(dataDir: string): Promise<EmbeddedSocketInfo | null> {
  let info: EmbeddedSocketInfo;
  try {
    info = JSON.parse(
      await fs.readFile(path.join(dataDir, EMBEDDED_SOCKET_FILE), 'utf8'),
    ) as EmbeddedSocketInfo;
  } catch {
    return null;
  }
  if (!isAlive(info.pid)) return null;
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: info.host, port: info.port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
  return reachable ? info : null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
