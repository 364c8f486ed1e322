import type { Logger } from '../logger.ts';
import type { LocalLease } from './creditLeases.ts';
import type { CommitResult, Reservation } from './reservation.ts';

/** After an append failed (the database unreachable), what waits is tried again after this. */
const RETRY_MS = 1_000;

export interface PendingCommit {
  reservation: Reservation;
  resolve(result: CommitResult): void;
  reject(err: unknown): void;
}

export interface PendingLease {
  price: number;
  resolve(lease: LocalLease | null): void;
  reject(err: unknown): void;
}

/** What waits for an account stream's next append. */
export interface AccountWork {
  /** Answers waiting for their charge before they are sent. */
  direct: PendingCommit[];
  /** Answers sent from a lease, whose charges are recorded now. */
  leased: Reservation[];
  /** This process's leases to return. */
  returns: Set<string>;
  /** Other processes' leases past their expiry, to return. */
  expired: Set<string>;
  /** Reserves waiting for a lease. */
  opens: PendingLease[];
}

export interface AppendOutcome {
  /** One per `direct`, in order. */
  direct: CommitResult[];
  /** One per `opens`, in order; null: the balance is too small to lease. */
  opens: (LocalLease | null)[];
}

interface AccountQueue extends AccountWork {
  draining: boolean;
  timer: NodeJS.Timeout | null;
  /** Told when the drain stops (everything appended, or an append failed and a retry is scheduled). */
  stopped: (() => void)[];
}

const isIdle = (w: AccountWork) => w.leased.length === 0 && !isUrgent(w, Number.POSITIVE_INFINITY);

/** Something waits that must not wait for the next batch of leased charges. */
const isUrgent = (w: AccountWork, batch: number) =>
  w.direct.length > 0 ||
  w.opens.length > 0 ||
  w.returns.size > 0 ||
  w.expired.size > 0 ||
  w.leased.length >= batch;

const emptyWork = (): AccountWork => ({
  direct: [],
  leased: [],
  returns: new Set(),
  expired: new Set(),
  opens: [],
});

/** Everything waiting in the queue, which is left empty for what comes next. */
function takeWork(w: AccountQueue): AccountWork {
  const taken: AccountWork = {
    direct: w.direct,
    leased: w.leased,
    returns: w.returns,
    expired: w.expired,
    opens: w.opens,
  };
  Object.assign(w, emptyWork());
  return taken;
}

/**
 * An append failed. The leased calls were answered: their charges go back to the queue and are tried again
 * later, as are the returns. Those waiting for an answer get the error (503 while the database is unreachable).
 */
function requeueAfterFailure(
  w: AccountQueue,
  taken: AccountWork,
  err: unknown,
  logger: Logger,
  accountId: string,
) {
  w.leased = [...taken.leased, ...w.leased];
  for (const id of taken.returns) w.returns.add(id);
  for (const id of taken.expired) w.expired.add(id);
  if (taken.leased.length > 0 || taken.returns.size > 0) {
    logger.warn(
      { accountId, charges: taken.leased.length, err: (err as Error).message },
      'charges served from a lease not appended yet; tried again',
    );
  }
}

/**
 * Group commit per account: what waits for one account's stream (charges before their answer, charges of
 * leased calls, lease returns and requests) goes to the log in one append (`append`), one drain per account at
 * a time. Charges served from a lease wait for a batch (`batch` of them, or `batchMs`); everything else is
 * sent at once, and takes the leased charges waiting with it.
 */
export function createAccountAppends(deps: {
  logger: Logger;
  /** Leased charges appended at once when this many wait. */
  batch: number;
  /** Longest wait of a leased charge. */
  batchMs: number;
  /** Computes and appends what was taken; throws when the log cannot be written. */
  append(accountId: string, taken: AccountWork): Promise<AppendOutcome>;
  /** The holds of the answers charged before they are sent are settled (appended or failed). */
  settledDirect(taken: PendingCommit[]): void;
}) {
  const queues = new Map<string, AccountQueue>();

  const workOf = (accountId: string): AccountQueue => {
    let w = queues.get(accountId);
    if (!w) {
      w = { ...emptyWork(), draining: false, timer: null, stopped: [] };
      queues.set(accountId, w);
    }
    return w;
  };
  /** Appends everything waiting now (`all`), or only if something urgent waits. */
  const kick = (accountId: string, all = true) => {
    const w = workOf(accountId);
    if (!all && !isUrgent(w, deps.batch)) {
      kickLater(accountId, deps.batchMs);
      return;
    }
    if (w.timer) {
      clearTimeout(w.timer);
      w.timer = null;
    }
    if (!w.draining) void drain(accountId);
  };
  const kickLater = (accountId: string, ms: number) => {
    const w = workOf(accountId);
    if (w.draining || w.timer) return;
    w.timer = setTimeout(() => {
      w.timer = null;
      kick(accountId);
    }, ms);
    w.timer.unref();
  };

  const drain = async (accountId: string) => {
    const w = workOf(accountId);
    w.draining = true;
    let failed = false;
    try {
      // The first append takes everything; the next ones run while something urgent waits, and leased charges
      // that arrived meanwhile wait for their batch (one append per answer group otherwise: bench/HISTORY.md).
      for (let first = true; first ? !isIdle(w) : isUrgent(w, deps.batch); first = false) {
        const taken: AccountWork = takeWork(w);
        let settle: () => void;
        try {
          const outcome = await deps.append(accountId, taken);
          settle = () => {
            for (const [i, b] of taken.direct.entries()) b.resolve(outcome.direct[i]!);
            for (const [i, o] of taken.opens.entries()) o.resolve(outcome.opens[i] ?? null);
          };
        } catch (err) {
          failed = true;
          requeueAfterFailure(w, taken, err, deps.logger, accountId);
          deps.settledDirect(taken.direct);
          process.nextTick(() => {
            for (const b of taken.direct) b.reject(err);
            for (const o of taken.opens) o.reject(err);
          });
          if (w.direct.length === 0 && w.opens.length === 0) break;
          continue;
        }
        failed = false;
        deps.settledDirect(taken.direct);
        // Their requests go on (signature, sending) once the loop below has sent the next group's append, not
        // before: resolved at once, their continuations came first in the microtask queue and held that
        // append back by their whole work.
        process.nextTick(settle);
      }
    } finally {
      w.draining = false;
      if (!isIdle(w)) kickLater(accountId, failed ? RETRY_MS : deps.batchMs);
      else if (w.timer === null) queues.delete(accountId);
      for (const told of w.stopped.splice(0)) told();
    }
  };

  return {
    /** The account's queue, to add to (then `kick` or `kickLater`). */
    workOf,
    /** Appends what waits for the account now (after the append in flight, if any); `false`: only if urgent. */
    kick,
    /** Appends what waits for the account in `ms`, unless something sends it sooner. */
    kickLater,
    /** Appends what waits for the account now; resolves when its drain stops (`unsettled` says the outcome). */
    settled(accountId: string) {
      return new Promise<void>((resolve) => {
        const w = queues.get(accountId);
        if (!w || (isIdle(w) && !w.draining)) return resolve();
        w.stopped.push(resolve);
        kick(accountId);
      });
    },
    /** Accounts with something waiting. */
    accounts: () => [...queues.keys()],
    /** How many accounts still have something waiting to be appended. */
    unsettled: () => [...queues.values()].filter((w) => !isIdle(w)).length,
    /** Drops the timers (at shutdown, after a last `settled`). */
    stopTimers() {
      for (const w of queues.values()) if (w.timer) clearTimeout(w.timer);
    },
  };
}
