import { monthOf } from './accountEvents.ts';
import { type AccountState, unleasedBalanceOf, unspentOf } from './accountState.ts';
import { leaseAmount, leaseCovers } from './creditLeases.ts';
import type { LedgerContext } from './ledgerContext.ts';
import { holdDirect, holdOnLease, openLease, retire } from './ledgerHolds.ts';
import type { ChargeRequest, ReserveResult } from './reservation.ts';

/** How often a refusal re-reads an account while another lease still sets part of its balance aside. */
const LEASE_WAIT_POLL_MS = 25;

/**
 * A reserve that needs nothing from the database: the account's state is known, and a free call of the
 * month or this process's lease covers the call. It runs without awaiting, so when no other reserve of the
 * account holds or waits for its lock it is taken at once, as under the lock; null otherwise.
 */
export function reserveAtOnce(ctx: LedgerContext, request: ChargeRequest): ReserveResult | null {
  if (ctx.withLock.busy(request.accountId)) return null;
  const state = ctx.known.peek(request.accountId);
  return state ? holdWithoutLoading(ctx, request, state, ctx.now()) : null;
}

/**
 * A free call of the month, else this process's lease, when either covers the call on `state`; null
 * otherwise. A stale state never counts more free calls than were used: a month used up is used up.
 */
export function holdWithoutLoading(
  ctx: LedgerContext,
  request: ChargeRequest,
  state: AccountState,
  at: Date,
): ReserveResult | null {
  if (request.freeTier && ctx.holds.freeCallFits(state, monthOf(at), request.accountId))
    return holdDirect(ctx, 'free', request, state, at);
  const lease = ctx.holds.leases.get(request.accountId);
  return lease && leaseCovers(lease, request.price, at.getTime())
    ? holdOnLease(ctx, lease, request, state, at)
    : null;
}

/**
 * Credits for a call (the free quota aside): from this process's lease, or a new one when the balance is
 * large, else from the balance before the answer. A refusal is given on a fresh state, once no lease sets
 * part of the balance aside: this process's own go back as soon as their calls are settled; another's when
 * its holder returns it, or once it expired. Runs under the account's lock.
 */
export async function reserveCredits(
  ctx: LedgerContext,
  request: ChargeRequest,
  seen: AccountState,
  at: Date,
  arrivedAt = performance.now(),
): Promise<ReserveResult> {
  const { accountId, price } = request;
  const { known, policy, holds } = ctx;
  let state = seen;
  const lease = holds.leases.get(accountId);
  if (lease && leaseCovers(lease, price, at.getTime())) return holdOnLease(ctx, lease, request, state, at);
  if (lease) retire(ctx, lease);
  if (
    policy &&
    !ctx.closed &&
    leaseAmount(policy, unleasedBalanceOf(state, at) - holds.heldBy(accountId).credits, price) > 0
  ) {
    const opened = await openLease(ctx, accountId, price);
    if (opened) {
      holds.leases.set(accountId, opened);
      return holdOnLease(ctx, opened, request, (await known.current(accountId)) ?? state, at);
    }
    state = (await known.current(accountId)) ?? state;
  }
  if (holds.directFits(state, request, at)) return holdDirect(ctx, 'credits', request, state, at);
  await ctx.appends.settled(accountId);
  return reserveOnceLeasesSettle(ctx, request, state, arrivedAt);
}

/**
 * The balance did not cover the call: fresh loads until it does, or until no lease sets part of it aside (the
 * refusal). Expired leases of other holders are returned for them meanwhile. A refusal stands on the database
 * as read after the request arrived (one read serves the refusals that arrived together), then after each
 * wait for another lease.
 */
async function reserveOnceLeasesSettle(
  ctx: LedgerContext,
  request: ChargeRequest,
  seen: AccountState,
  arrivedAt: number,
): Promise<ReserveResult> {
  const { accountId } = request;
  const { holds, appends } = ctx;
  let state = seen;
  let since = arrivedAt;
  for (;;) {
    state = (await ctx.known.freshSince(accountId, since)) ?? state;
    const at = ctx.now();
    if (holds.directFits(state, request, at)) return holdDirect(ctx, 'credits', request, state, at);
    const aside = state.leases.filter((l) => unspentOf(l) > 0);
    if (aside.length === 0) {
      return {
        ok: false,
        error: 'credits_insuffisants',
        balance: holds.shownBalance(state, at) - holds.heldBy(accountId).credits,
      };
    }
    const expired = aside.filter(
      (l) => Date.parse(l.expiresAt) <= at.getTime() && !holds.retiring.has(l.leaseId),
    );
    if (expired.length > 0) {
      const w = appends.workOf(accountId);
      for (const l of expired) w.expired.add(l.leaseId);
      appends.kick(accountId);
      await appends.settled(accountId);
    } else {
      await new Promise((resolve) => setTimeout(resolve, LEASE_WAIT_POLL_MS));
    }
    since = performance.now();
  }
}
