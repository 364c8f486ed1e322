import { EventEmitter } from 'node:events';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { EMBEDDED_SOCKET_FILE, type EmbeddedSocketInfo } from './embeddedSocket.ts';
import { quoteIdent } from './notifications.ts';

export { EMBEDDED_SOCKET_FILE, type EmbeddedSocketInfo };

export interface EmbeddedHost {
  url: string;
  info: EmbeddedSocketInfo;
  notifications: EventEmitter;
  /** Makes the PGlite session LISTEN on a channel, so commits that NOTIFY it show up in the protocol output. */
  listen(channel: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Opens PGlite (in `dataDir/pglite`, or in memory for `memory://`) and serves it on a loopback socket so
 * that `pg` and knex work unchanged. PGlite is one session: the socket server queues queries and runs one
 * connection's transaction to its end before another's queries.
 *
 * PGlite does not deliver NOTIFY to other socket connections, so the host watches the protocol output
 * of every query for NotificationResponse messages and re-emits them in process.
 */
export async function startEmbeddedHost(opts: { dataDir: string | 'memory://' }): Promise<EmbeddedHost> {
  const inMemory = opts.dataDir === 'memory://';
  if (!inMemory) await fs.mkdir(opts.dataDir, { recursive: true });
  const db = await openPGlite(inMemory ? 'memory://' : path.join(opts.dataDir, 'pglite'));
  return serveEmbedded(db, {
    socketFile: inMemory ? null : path.join(opts.dataDir, EMBEDDED_SOCKET_FILE),
    closeDatabase: true,
  });
}

/**
 * PGlite with the extensions the migrations install, in `dataDir` (`memory://`: in memory), or restored from a
 * data directory saved by its `dumpDataDir()` (`loadDataDir`, the tests' templates). `sharedBuffers` (e.g.
 * `16MB`) replaces PostgreSQL's 128MB: PGlite zeroes its buffer pool at every open, about 0.6 s of CPU for
 * 128MB, which a short-lived database on a small data set (a test suite's) does not need.
 */
export function openPGlite(
  dataDir: string,
  opts: { loadDataDir?: Blob; sharedBuffers?: string } = {},
): Promise<PGlite> {
  return PGlite.create({
    dataDir,
    extensions: { pg_trgm, unaccent },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    ...(opts.sharedBuffers
      ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${opts.sharedBuffers}`] }
      : {}),
  });
}

/**
 * Serves an open PGlite on a loopback socket (see startEmbeddedHost). `closeDatabase`: stopping the host
 * closes PGlite too; otherwise only the socket server stops (its connections cut, their open work rolled
 * back) and PGlite stays open for the next host (the tests' one database per process).
 */
export async function serveEmbedded(
  db: PGlite,
  opts: { socketFile: string | null; closeDatabase: boolean },
): Promise<EmbeddedHost> {
  const notifications = new EventEmitter();
  notifications.setMaxListeners(0);
  const observed = observeNotifications(db, (channel, payload) => notifications.emit(channel, payload));
  const listening = new Set<string>();
  const server = new PGLiteSocketServer({ db: observed, host: '127.0.0.1', port: 0, maxConnections: 64 });
  await server.start();
  const [host, port] = server.getServerConn().split(':');
  const info: EmbeddedSocketInfo = {
    host: host ?? '127.0.0.1',
    port: Number(port),
    pid: process.pid,
    startedAt: new Date().toISOString(),
  };
  const { socketFile } = opts;
  if (socketFile) await fs.writeFile(socketFile, JSON.stringify(info));
  let stopped = false;
  return {
    url: `postgres://postgres@${info.host}:${info.port}/postgres`,
    info,
    notifications,
    async listen(channel) {
      if (stopped || listening.has(channel)) return;
      listening.add(channel);
      // PGlite is one session: LISTEN issued inside another client's open transaction would join it and
      // vanish on its rollback, so wait for a moment between transactions.
      while (observed.isInTransaction()) await new Promise((resolve) => setTimeout(resolve, 2));
      await db.query(`LISTEN ${quoteIdent(channel)}`);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (socketFile) await fs.rm(socketFile, { force: true });
      await server.stop();
      notifications.removeAllListeners();
      if (opts.closeDatabase) await db.close();
    },
  };
}

/**
 * The view of PGlite handed to the socket server. Two jobs:
 * - scan protocol output for NotificationResponse ('A') messages and re-emit them in process;
 * - keep one client's extended-protocol exchange (Parse, Bind, Describe, Execute ... up to Sync) whole.
 *   The socket server queues message by message and only keeps a client's turn while PGlite is inside a
 *   transaction; PGlite being one session, another client's Parse in the middle would replace the unnamed
 *   statement under the first. Reporting "in transaction" while an exchange is open keeps the turn.
 */
function observeNotifications(db: PGlite, emit: (channel: string, payload: string) => void): PGlite {
  const original = db.execProtocolRawStream.bind(db);
  let exchangeOpen = false;
  const execProtocolRawStream: PGlite['execProtocolRawStream'] = (message, options) => {
    const type = message[0];
    if (type === SYNC || type === SIMPLE_QUERY) exchangeOpen = false;
    else if (type !== undefined && EXTENDED.has(type)) exchangeOpen = true;
    let carry: Buffer = Buffer.alloc(0);
    return original(message, {
      ...options,
      onRawData: (chunk: Uint8Array) => {
        const view = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        carry = scanMessages(carry.length === 0 ? view : Buffer.concat([carry, view]), emit);
        options?.onRawData?.(chunk);
      },
    });
  };
  const isInTransaction = () => exchangeOpen || db.isInTransaction();
  const exec: PGlite['exec'] = (query, options) => {
    // The socket server rolls back a disconnected client's open work with exec('ROLLBACK').
    exchangeOpen = false;
    return db.exec(query, options);
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'execProtocolRawStream') return execProtocolRawStream;
      if (prop === 'isInTransaction') return isInTransaction;
      if (prop === 'exec') return exec;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const SYNC = 0x53; // 'S'
const SIMPLE_QUERY = 0x51; // 'Q'
/** Parse, Bind, Describe, Execute, Close, Flush. */
const EXTENDED = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]);

/** Walks complete backend messages; returns the incomplete tail to carry into the next chunk. */
function scanMessages(buf: Buffer, emit: (channel: string, payload: string) => void): Buffer {
  let offset = 0;
  while (buf.length - offset >= 5) {
    const length = buf.readInt32BE(offset + 1);
    if (buf.length - offset < 1 + length) break;
    if (buf[offset] === 0x41) {
      // NotificationResponse: Int32 pid, String channel, String payload
      const body = buf.subarray(offset + 9, offset + 1 + length);
      const end = body.indexOf(0);
      const channel = body.subarray(0, end).toString('utf8');
      const payload = body.subarray(end + 1, body.indexOf(0, end + 1)).toString('utf8');
      emit(channel, payload);
    }
    offset += 1 + length;
  }
  return Buffer.from(buf.subarray(offset));
}
