import type { Knex } from 'knex';
import type { EventStore } from '../eventstore/port.ts';
import type { Logger } from '../logger.ts';
import { createAccountAppends } from './accountAppends.ts';
import { DEFAULT_LEASE_POLICY, type LeasePolicy } from './creditLeases.ts';
import { createKeyedMutex } from './keyedMutex.ts';
import { createKnownAccounts } from './knownAccounts.ts';
import { appendAccountWork } from './ledgerAppend.ts';
import { chargeAgain, chargeBeforeAnswer, commitOnLease, flushLedger } from './ledgerCommit.ts';
import type { LedgerContext } from './ledgerContext.ts';
import { leaseOf, retire, startLeaseSweep, unhold } from './ledgerHolds.ts';
import { holdWithoutLoading, reserveAtOnce, reserveCredits } from './ledgerReserve.ts';
import { createProcessHolds } from './processHolds.ts';
import type { ChargeRequest, CommitResult, Reservation, ReserveResult } from './reservation.ts';

export type { ChargeRequest, CommitResult, Reservation, ReserveResult } from './reservation.ts';

export interface AccountLedger {
  /** Takes a free call or credits for a request, before its handler runs. */
  reserve(request: ChargeRequest): Promise<ReserveResult>;
  /**
   * The answer was 2xx (`status`): the charge is recorded on the account stream (`FreeCallUsed` or
   * `CallCharged`), before this resolves, or, for a hold on a lease, in the next batch of its charges
   * (`CallsCharged`).
   */
  commit(reservation: Reservation, status?: number): Promise<CommitResult>;
  /** The answer was not 2xx: nothing is recorded and the hold is dropped. */
  release(reservation: Reservation): void;
  /** The account's balance now as this process knows it (what a refused call reports in `X-Credits-Remaining`); null: unknown account. */
  balance(accountId: string): Promise<number | null>;
  /** Appends every charge still waiting and returns the leases not in use; rejects when the log cannot be written. */
  flush(): Promise<void>;
  /**
   * Appends now what this process has answered for the account and not appended yet (before the account's
   * own pages read its stream). Charges another process answered appear within its `recordMs`.
   */
  settle(accountId: string): Promise<void>;
  /** Stops the timers, appends the waiting charges and returns every lease: at shutdown, after the last answer. */
  close(): Promise<void>;
}

/**
 * No overdraft, by two locks that do not depend on each other:
 * - in this process, reserves of one account run one at a time and count what requests in flight hold, so a
 *   handler only runs when what is left after every hold covers its price;
 * - in the log, every append to the account stream carries the stream's expected version and is computed
 *   again on a fresh load after a conflict (another server, `keys credit`).
 *
 * Small balances are charged before the answer: the charge is appended (grouped per account: accountAppends.ts),
 * and an answer whose charge no longer fits is withheld. Once an account's balance covers many calls
 * (`LeasePolicy`), this process sets part of it aside in one event (`CreditsLeased`); the calls it serves
 * from the lease are answered at once and their charges appended in batches after the answer, one
 * `CallsCharged` per lease and batch (`recordMs`, `recordBatch`), and what it did not spend goes back
 * (`LeaseReturned`) when it stops using it. Other processes count a lease as spent until it is returned; a
 * refusal waits until no lease holds part of the balance (a holder that stopped without returning its lease
 * is returned for it after `ttlMs`), so that exactly the calls the balance pays for are served. Charges of a
 * stopped holder that were not appended yet are lost (never charged), which is the only way a served call
 * goes uncharged.
 */
export function createAccountLedger(deps: {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  freeCallsPerMonth: number;
  now?: () => Date;
  /** `false`: every call charged before its answer (no lease). */
  lease?: Partial<LeasePolicy> | false;
}): AccountLedger {
  const policy: LeasePolicy | null = deps.lease === false ? null : { ...DEFAULT_LEASE_POLICY, ...deps.lease };
  const holds = createProcessHolds(deps.freeCallsPerMonth);
  const appends = createAccountAppends({
    logger: deps.logger,
    batch: policy?.recordBatch ?? 1,
    batchMs: policy?.recordMs ?? 0,
    append: (accountId, taken) => appendAccountWork(ctx, accountId, taken),
    settledDirect: (taken) => {
      for (const b of taken) holds.drop(b.reservation);
    },
  });
  const ctx: LedgerContext = {
    store: deps.store,
    logger: deps.logger,
    freeCallsPerMonth: deps.freeCallsPerMonth,
    now: deps.now ?? (() => new Date()),
    policy,
    withLock: createKeyedMutex(),
    known: createKnownAccounts(deps.knex, deps.store),
    holds,
    appends,
    closed: false,
    retried: new Set(),
  };
  const { withLock, known, now } = ctx;
  const sweep = startLeaseSweep(ctx);

  const ledger: AccountLedger = {
    reserve(request) {
      const atOnce = reserveAtOnce(ctx, request);
      if (atOnce) return Promise.resolve(atOnce);
      const arrivedAt = performance.now();
      return withLock(request.accountId, async (): Promise<ReserveResult> => {
        const state = await known.current(request.accountId);
        if (!state) return { ok: false, error: 'compte_inconnu' };
        const at = now();
        return (
          holdWithoutLoading(ctx, request, state, at) ?? reserveCredits(ctx, request, state, at, arrivedAt)
        );
      });
    },

    commit(reservation, status) {
      if (status !== undefined) reservation.status = status;
      if (reservation.kind === 'lease') return Promise.resolve(commitOnLease(ctx, reservation));
      return chargeBeforeAnswer(ctx, reservation).then((result) =>
        result.ok || ctx.retried.has(reservation.id)
          ? result
          : chargeAgain(ctx, reservation, result, ledger.commit),
      );
    },

    release(reservation) {
      if (reservation.kind === 'lease') {
        const lease = leaseOf(ctx, reservation);
        if (lease) unhold(ctx, lease, reservation.request.price);
        return;
      }
      holds.drop(reservation);
    },
    async balance(accountId) {
      const state = await known.current(accountId);
      return state ? holds.shownBalance(state, now()) : null;
    },
    flush: () => flushLedger(ctx),
    settle: (accountId) => appends.settled(accountId),
    async close() {
      ctx.closed = true;
      if (sweep) clearInterval(sweep);
      for (const lease of [...holds.leases.values()]) retire(ctx, lease);
      await flushLedger(ctx);
      appends.stopTimers();
    },
  };
  return ledger;
}
