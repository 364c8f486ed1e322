import type http from 'node:http';
import type { AccountLedger } from '../../ops/accounts/accountLedger.ts';
import type { Logger } from '../../ops/logger.ts';
import type { ServedLog } from '../../ops/servedlog/servedLog.ts';

/**
 * Stops accepting connections: running requests finish and are recorded (up to `graceMs`); a client that
 * holds its connection open is cut after them.
 */
export async function stopAccepting(
  server: http.Server,
  running: ReadonlySet<Promise<unknown>>,
  graceMs: number,
): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections?.();
  const grace = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
  await Promise.race([Promise.allSettled([...running]), grace]);
  server.closeAllConnections?.();
  await closed;
}

/**
 * After the last answer: the charges served from a lease and not appended yet are appended, and the leases
 * returned, before the log of served answers is flushed. During a database outage they cannot be: it says so,
 * and what the log cannot take is kept on local disk (appended at the next start). Returns how many served
 * answers could not be kept at all.
 */
export async function flushAtShutdown(deps: {
  ledger: AccountLedger | undefined;
  servedLog: ServedLog;
  logger: Logger;
}): Promise<number> {
  const { servedLog, logger } = deps;
  await deps.ledger?.close().catch((err: Error) => {
    logger.error(
      { err: err.message },
      'charges served from a lease not appended at shutdown: the database is unreachable',
    );
  });
  let servedAnswersLost = 0;
  const pending = servedLog.pending;
  await servedLog.close().then(
    ({ keptOnDisk }) => {
      if (keptOnDisk)
        logger.warn(
          { entries: pending },
          'served log unreachable at shutdown: served answers kept on local disk, appended at the next start',
        );
    },
    (err: Error) => {
      servedAnswersLost = Math.max(1, servedLog.pending);
      logger.error(
        { err: err.message, lost: servedAnswersLost },
        'served answers lost at shutdown: neither in the served log nor kept on local disk',
      );
    },
  );
  return servedAnswersLost;
}
