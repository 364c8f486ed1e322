import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from '../logger.ts';

/**
 * Wakes readers when something was committed on a channel. It carries no data a reader relies on:
 * readers always re-read the tables, so a lost wake-up costs latency, never correctness.
 */
export interface NotificationSource {
  readonly kind: 'listen' | 'embedded' | 'polling';
  listen(channel: string, onWake: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** PostgreSQL LISTEN on a dedicated connection, re-established after a drop. */
export function createPgNotificationSource(connectionString: string, logger: Logger): NotificationSource {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const channels = new Set<string>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (msg) => emitter.emit(msg.channel, msg.payload ?? ''));
    c.on('error', (err) => {
      logger.warn({ err: err.message }, 'notification connection lost; reconnecting');
      scheduleReconnect();
    });
    c.on('end', () => {
      if (client === c) scheduleReconnect();
    });
    await c.connect();
    for (const channel of channels) await c.query(`LISTEN ${quoteIdent(channel)}`);
    client = c;
    // After a reconnect, wake everyone: anything committed during the gap is read now.
    for (const channel of channels) emitter.emit(channel, '');
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    const dead = client;
    client = null;
    dead?.removeAllListeners('end');
    dead?.end().catch(() => {});
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connecting = connect().catch(() => scheduleReconnect());
    }, 500);
  };

  const ensure = async () => {
    if (client) return;
    connecting ??= connect();
    await connecting;
  };

  return {
    kind: 'listen',
    async listen(channel, onWake) {
      emitter.on(channel, onWake);
      if (!channels.has(channel)) {
        channels.add(channel);
        await ensure();
        await client?.query(`LISTEN ${quoteIdent(channel)}`);
      }
      return async () => {
        emitter.off(channel, onWake);
      };
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners('end');
        await c.end().catch(() => {});
      }
    },
  };
}

/** Notifications seen by the embedded host in PGlite's protocol output (see embeddedHost.ts). */
export function createEmitterNotificationSource(
  emitter: EventEmitter,
  listenOnHost: (channel: string) => Promise<void>,
): NotificationSource {
  return {
    kind: 'embedded',
    async listen(channel, onWake) {
      emitter.on(channel, onWake);
      await listenOnHost(channel);
      return async () => {
        emitter.off(channel, onWake);
      };
    },
    async close() {},
  };
}

/**
 * A process that reaches an embedded database owned by another process cannot receive its
 * notifications: it wakes on a slow timer instead. Used only by short-lived command-line runs.
 */
export function createPollingNotificationSource(intervalMs: number): NotificationSource {
  const timers = new Set<NodeJS.Timeout>();
  return {
    kind: 'polling',
    async listen(_channel, onWake) {
      const t = setInterval(() => onWake(''), intervalMs);
      t.unref();
      timers.add(t);
      return async () => {
        clearInterval(t);
        timers.delete(t);
      };
    },
    async close() {
      for (const t of timers) clearInterval(t);
      timers.clear();
    },
  };
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
