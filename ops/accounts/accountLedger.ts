import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { EventStore } from '../eventstore/port.ts';
import type { Logger } from '../logger.ts';
import { type AccountWork, type AppendOutcome, createAccountAppends } from './accountAppends.ts';
import { accountStream, monthOf } from './accountEvents.ts';
import { type AccountState, freeCallsUsed, unleasedBalanceOf, unspentOf } from './accountState.ts';
import {
  DEFAULT_LEASE_POLICY,
  type LeasePolicy,
  type LocalLease,
  leaseAmount,
  leaseCovers,
} from './creditLeases.ts';
import { createKeyedMutex } from './keyedMutex.ts';
import { createKnownAccounts } from './knownAccounts.ts';
import { createProcessHolds } from './processHolds.ts';
import type { ChargeRequest, CommitResult, Reservation, ReserveResult } from './reservation.ts';
import { workEvents } from './workEvents.ts';

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
 * Several processes append to one account's stream, each at most one append at a time: a process that lost the
 * race computes its append again on the fresh state. After a lost race it waits a random moment (up to 2^n ms,
 * at most 50) before trying again, so that one process cannot keep losing to the others; eight attempts without
 * waiting were once all lost under a loaded machine (four processes, 400 calls on one key).
 */
const MAX_APPEND_ATTEMPTS = 32;
const conflictPause = (attempt: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 ** attempt)));
/** How often a refusal re-reads an account while another lease still sets part of its balance aside. */
const LEASE_WAIT_POLL_MS = 25;

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
  const now = deps.now ?? (() => new Date());
  const policy: LeasePolicy | null = deps.lease === false ? null : { ...DEFAULT_LEASE_POLICY, ...deps.lease };
  const withLock = createKeyedMutex();
  const known = createKnownAccounts(deps.knex, deps.store);
  const { fresh, current } = known;

  const { holds, leases, retiring, heldBy, drop, addUnrecorded, shownBalance, freeCallFits, directFits } =
    createProcessHolds(deps.freeCallsPerMonth);
  let closed = false;

  /** No more calls from this lease: it goes back once the calls served from it are settled. */
  const retire = (lease: LocalLease) => {
    if (leases.get(lease.accountId) === lease) leases.delete(lease.accountId);
    lease.retiring = true;
    retiring.set(lease.leaseId, lease);
    if (lease.held === 0) {
      workOf(lease.accountId).returns.add(lease.leaseId);
      kick(lease.accountId);
    }
  };

  const appends = createAccountAppends({
    logger: deps.logger,
    batch: policy?.recordBatch ?? 1,
    batchMs: policy?.recordMs ?? 0,
    append: (accountId, taken) => appendWork(accountId, taken),
    settledDirect: (taken) => {
      for (const b of taken) drop(b.reservation);
    },
  });
  const { workOf, kick, settled } = appends;

  const appendWork = async (accountId: string, taken: AccountWork): Promise<AppendOutcome> => {
    const stream = accountStream(accountId);
    for (let attempt = 1; attempt <= MAX_APPEND_ATTEMPTS; attempt++) {
      const state = attempt === 1 ? await current(accountId) : await fresh(accountId);
      if (!state) throw new Error(`account ${accountId} vanished`);
      const at = now();
      const { next, events, uncharged, direct, opens } = workEvents(state, taken, {
        stream,
        accountId,
        at,
        freeCallsPerMonth: deps.freeCallsPerMonth,
        policy,
        heldCredits: () => heldBy(accountId).credits,
      });
      // A refusal on the state this process knew is confirmed on a fresh load before it is given.
      const refused = direct.some((o) => !o.ok) || opens.some((o) => o === null) || uncharged.length > 0;
      if (attempt === 1 && refused) continue;
      if (events.length > 0) {
        const appended = await deps.store.append(stream, events, state.version);
        if (!appended.ok) {
          deps.logger.debug({ accountId, attempt }, 'account stream moved; append computed again');
          await conflictPause(attempt);
          continue;
        }
        known.remember(next);
      }
      for (const r of taken.leased) addUnrecorded(accountId, -r.request.price);
      for (const r of uncharged) {
        // Only when a lease's holder recorded its charges after another process returned the lease as expired
        // and the balance was spent meanwhile: the call was served and cannot be charged.
        deps.logger.error(
          { accountId, requestId: r.request.requestId, leaseId: r.leaseId, amount: r.request.price },
          'call served from a lease could not be charged: the lease was returned as expired and the balance spent',
        );
      }
      for (const leaseId of [...taken.returns, ...taken.expired]) retiring.delete(leaseId);
      return { direct, opens };
    }
    throw new Error(`account ${accountId}: appends still conflicting after ${MAX_APPEND_ATTEMPTS} attempts`);
  };

  /** Asks the drain for a lease covering calls of `price`; null when the balance is too small to lease. */
  const openLease = (accountId: string, price: number) =>
    new Promise<LocalLease | null>((resolve, reject) => {
      workOf(accountId).opens.push({ price, resolve, reject });
      kick(accountId);
    });

  const holdOnLease = (lease: LocalLease, request: ChargeRequest, state: AccountState, at: Date) => {
    lease.held += request.price;
    lease.lastUsed = at.getTime();
    const reservation: Reservation = {
      id: randomUUID(),
      request,
      kind: 'lease',
      month: monthOf(at),
      balance: shownBalance(state, at),
      leaseId: lease.leaseId,
    };
    return { ok: true as const, reservation };
  };
  const holdDirect = (kind: 'free' | 'credits', request: ChargeRequest, state: AccountState, at: Date) => {
    const reservation: Reservation = {
      id: randomUUID(),
      request,
      kind,
      month: monthOf(at),
      balance: shownBalance(state, at),
    };
    if (!holds.has(request.accountId)) holds.set(request.accountId, new Map());
    holds.get(request.accountId)!.set(reservation.id, reservation);
    return { ok: true as const, reservation };
  };
  const leaseOf = (reservation: Reservation) =>
    reservation.leaseId === undefined
      ? undefined
      : leases.get(reservation.request.accountId)?.leaseId === reservation.leaseId
        ? leases.get(reservation.request.accountId)
        : retiring.get(reservation.leaseId);
  /** A hold on a lease is settled: a retiring lease goes back once nothing is served from it. */
  const unhold = (lease: LocalLease, price: number) => {
    lease.held -= price;
    if (lease.retiring && lease.held === 0) {
      workOf(lease.accountId).returns.add(lease.leaseId);
      kick(lease.accountId);
    }
  };

  /**
   * Credits for a call (the free quota aside): from this process's lease, or a new one when the balance is
   * large, else from the balance before the answer. A refusal is given on a fresh state, once no lease sets
   * part of the balance aside: this process's own go back as soon as their calls are settled; another's when
   * its holder returns it, or once it expired. Runs under the account's lock.
   */
  const reserveCredits = async (
    request: ChargeRequest,
    seen: AccountState,
    at: Date,
    arrivedAt = performance.now(),
  ): Promise<ReserveResult> => {
    const { accountId, price } = request;
    let state = seen;
    const lease = leases.get(accountId);
    if (lease && leaseCovers(lease, price, at.getTime())) return holdOnLease(lease, request, state, at);
    if (lease) retire(lease);
    if (
      policy &&
      !closed &&
      leaseAmount(policy, unleasedBalanceOf(state, at) - heldBy(accountId).credits, price) > 0
    ) {
      const opened = await openLease(accountId, price);
      if (opened) {
        leases.set(accountId, opened);
        return holdOnLease(opened, request, (await current(accountId)) ?? state, at);
      }
      state = (await current(accountId)) ?? state;
    }
    if (directFits(state, request, at)) return holdDirect('credits', request, state, at);

    await settled(accountId);
    // A refusal stands on the database as read after the request arrived (one read serves the refusals that
    // arrived together), then after each wait for another lease.
    let since = arrivedAt;
    for (;;) {
      state = (await known.freshSince(accountId, since)) ?? state;
      const at2 = now();
      if (directFits(state, request, at2)) return holdDirect('credits', request, state, at2);
      const aside = state.leases.filter((l) => unspentOf(l) > 0);
      if (aside.length === 0) {
        return {
          ok: false,
          error: 'credits_insuffisants',
          balance: shownBalance(state, at2) - heldBy(accountId).credits,
        };
      }
      const expired = aside.filter(
        (l) => Date.parse(l.expiresAt) <= at2.getTime() && !retiring.has(l.leaseId),
      );
      if (expired.length > 0) {
        const w = workOf(accountId);
        for (const l of expired) w.expired.add(l.leaseId);
        kick(accountId);
        await settled(accountId);
      } else {
        await new Promise((resolve) => setTimeout(resolve, LEASE_WAIT_POLL_MS));
      }
      since = performance.now();
    }
  };

  /** Appends the charge of an answer before it is sent (grouped per account: accountAppends.ts). */
  const chargeBeforeAnswer = (reservation: Reservation) =>
    new Promise<CommitResult>((resolve, reject) => {
      const accountId = reservation.request.accountId;
      const w = workOf(accountId);
      const first = w.direct.length === 0 && !w.draining;
      w.direct.push({ reservation, resolve, reject });
      if (first) setImmediate(() => kick(accountId));
    });
  /** Holds taken again after a refused charge: not taken a third time. */
  const retried = new Set<string>();

  // Leases not used for `idleMs`, or past the time they may be served from, go back.
  const sweep = policy
    ? setInterval(
        () => {
          const at = now().getTime();
          for (const lease of [...leases.values()]) {
            if (lease.held === 0 && (at - lease.lastUsed >= policy.idleMs || at >= lease.spendUntil))
              retire(lease);
          }
        },
        Math.max(10, Math.floor(policy.idleMs / 2)),
      )
    : null;
  sweep?.unref();

  const flush = async () => {
    for (const lease of [...leases.values()]) if (lease.held === 0) retire(lease);
    const accounts = appends.accounts();
    for (const accountId of accounts) kick(accountId);
    for (const accountId of accounts) await settled(accountId);
    const stuck = appends.unsettled();
    if (stuck > 0) throw new Error(`${stuck} account(s) with charges still waiting to be appended`);
  };

  /**
   * A reserve that needs nothing from the database: the account's state is known, and a free call of the
   * month or this process's lease covers the call. It runs without awaiting, so when no other reserve of the
   * account holds or waits for its lock it is taken at once, as under the lock; null otherwise.
   */
  const reserveAtOnce = (request: ChargeRequest): ReserveResult | null => {
    if (withLock.busy(request.accountId)) return null;
    const state = known.peek(request.accountId);
    return state ? holdWithoutLoading(request, state, now()) : null;
  };
  /**
   * A free call of the month, else this process's lease, when either covers the call on `state`; null
   * otherwise. A stale state never counts more free calls than were used: a month used up is used up.
   */
  const holdWithoutLoading = (
    request: ChargeRequest,
    state: AccountState,
    at: Date,
  ): ReserveResult | null => {
    if (request.freeTier && freeCallFits(state, monthOf(at), request.accountId))
      return holdDirect('free', request, state, at);
    const lease = leases.get(request.accountId);
    return lease && leaseCovers(lease, request.price, at.getTime())
      ? holdOnLease(lease, request, state, at)
      : null;
  };

  const ledger: AccountLedger = {
    reserve(request) {
      const atOnce = reserveAtOnce(request);
      if (atOnce) return Promise.resolve(atOnce);
      const arrivedAt = performance.now();
      return withLock(request.accountId, async (): Promise<ReserveResult> => {
        const { accountId } = request;
        const state = await current(accountId);
        if (!state) return { ok: false, error: 'compte_inconnu' };
        const at = now();
        return holdWithoutLoading(request, state, at) ?? reserveCredits(request, state, at, arrivedAt);
      });
    },

    commit(reservation, status) {
      if (status !== undefined) reservation.status = status;
      const accountId = reservation.request.accountId;
      if (reservation.kind === 'lease') {
        const lease = leaseOf(reservation);
        const state = known.peek(accountId);
        // The charge is queued before the lease may go back, so that it is appended with or before the return.
        addUnrecorded(accountId, reservation.request.price);
        reservation.answeredAt = now();
        workOf(accountId).leased.push(reservation);
        if (lease) {
          lease.spent += reservation.request.price;
          unhold(lease, reservation.request.price);
          if (!lease.retiring && lease.amount - lease.spent - lease.held < reservation.request.price)
            retire(lease);
        }
        kick(accountId, false);
        const at = now();
        return Promise.resolve({
          ok: true,
          charged: reservation.request.price,
          remaining: Math.max(
            0,
            state ? shownBalance(state, at) : reservation.balance - reservation.request.price,
          ),
          freeCallsLeft: state
            ? Math.max(0, deps.freeCallsPerMonth - freeCallsUsed(state, reservation.month))
            : 0,
        });
      }
      return chargeBeforeAnswer(reservation).then(async (result) => {
        if (result.ok || reservation.kind === 'lease' || retried.has(reservation.id)) return result;
        // The hold no longer fits: another process used the month's last free calls, or charged or leased the
        // credits meanwhile. The answer is paid for as a new call would be (this process's lease, or after
        // other leases go back) before it is withheld.
        const again = await withLock(accountId, async () => {
          const state = await fresh(accountId);
          return state ? reserveCredits(reservation.request, state, now()) : null;
        });
        if (!again?.ok) return result;
        retried.add(again.reservation.id);
        try {
          return await ledger.commit(again.reservation, reservation.status);
        } finally {
          retried.delete(again.reservation.id);
        }
      });
    },

    release(reservation) {
      if (reservation.kind === 'lease') {
        const lease = leaseOf(reservation);
        if (lease) unhold(lease, reservation.request.price);
        return;
      }
      drop(reservation);
    },
    async balance(accountId) {
      const state = await current(accountId);
      return state ? shownBalance(state, now()) : null;
    },
    flush,
    settle: (accountId) => settled(accountId),
    async close() {
      closed = true;
      if (sweep) clearInterval(sweep);
      for (const lease of [...leases.values()]) retire(lease);
      await flush();
      appends.stopTimers();
    },
  };
  return ledger;
}
