import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { EMBEDDED_SOCKET_FILE, type EmbeddedSocketInfo, startEmbeddedHost } from './embeddedHost.ts';
import { allowNamedStatements } from './namedStatements.ts';
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
  notifications: NotificationSource;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Pool size; the embedded database serialises anyway, a few connections keep reads flowing. */
  poolMax?: number;
  logger?: Logger;
}

/**
 * DATABASE_URL set: that server. Otherwise the embedded database under `dataDir`: reached through the
 * socket of the process that already has it open, or opened here when nobody has.
 */
export async function openDatabase(
  config: Config,
  logger: Logger,
  opts: OpenDatabaseOptions = {},
): Promise<Database> {
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    return assemble(
      'postgres',
      url,
      createPgNotificationSource(url, logger),
      { logger, ...opts },
      async () => {},
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
  const host = await startEmbeddedHost({ dataDir: 'memory://' });
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
