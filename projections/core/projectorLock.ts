import pg from 'pg';
import type { Logger } from '../../ops/logger.ts';

/**
 * Who runs the projections when several processes share one database: the one holding this lock. The
 * others stand by and try again, and one of them takes over when the holder's session ends (it stopped,
 * crashed, or lost its connection). The checkpoint's compare-and-set (applyBatch.ts) stays the guarantee
 * underneath: even two holders could never apply an event twice, the lock only keeps the second from
 * doing the work for nothing and stopping on a moved checkpoint.
 */
export interface ProjectorLock {
  /** One attempt; true when this process holds the lock now (taking it again while held is a no-op). */
  tryAcquire(): Promise<boolean>;
  /** Called once when a held lock is lost: its connection ended. */
  onLost(listener: (err: Error) => void): void;
  /** Gives the lock back (ends its session). */
  release(): Promise<void>;
}

/**
 * A PostgreSQL session-level advisory lock on a connection of its own, keyed by the schema the connection
 * works in (the service's tables; a benchmark or a test in another schema of the same database has its own
 * projector). The lock lives as long as that session: no lease to renew, no expiry to guess.
 */
export function postgresProjectorLock(url: string, logger: Logger): ProjectorLock {
  let client: pg.Client | null = null;
  let held = false;
  const lost: ((err: Error) => void)[] = [];

  const drop = (reason: Error) => {
    const wasHeld = held;
    held = false;
    const c = client;
    client = null;
    c?.removeAllListeners();
    c?.on('error', () => {});
    void c?.end().catch(() => {});
    if (wasHeld) {
      logger.warn({ err: reason.message }, 'projector lock lost: its connection ended');
      for (const listener of lost) listener(reason);
    }
  };

  return {
    async tryAcquire() {
      if (held) return true;
      if (!client) {
        const c = new pg.Client({ connectionString: url, application_name: 'registres projector lock' });
        c.on('error', (err) => drop(err));
        c.on('end', () => drop(new Error('connection ended')));
        client = c;
        try {
          await c.connect();
        } catch (err) {
          drop(err as Error);
          throw err;
        }
      }
      const result = await client.query<{ ok: boolean }>(
        "select pg_try_advisory_lock(hashtext('registres projector'), hashtext(current_schema())) as ok",
      );
      held = result.rows[0]?.ok === true;
      return held;
    },
    onLost(listener) {
      lost.push(listener);
    },
    async release() {
      const c = client;
      client = null;
      held = false;
      if (!c) return;
      c.removeAllListeners();
      c.on('error', () => {});
      // Ending the session releases the lock.
      await c.end().catch(() => {});
    },
  };
}
