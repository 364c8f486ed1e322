import { freeCallsUsed } from './accountState.ts';
import type { LedgerContext } from './ledgerContext.ts';
import { leaseOf, retire, unhold } from './ledgerHolds.ts';
import { reserveCredits } from './ledgerReserve.ts';
import type { CommitResult, Reservation } from './reservation.ts';

/**
 * A 2xx answer served from a lease: its charge is queued for the lease's next batch (before the lease may go
 * back, so that it is appended with or before the return), and the lease retires once it no longer covers
 * another call of the price.
 */
export function commitOnLease(ctx: LedgerContext, reservation: Reservation): CommitResult {
  const accountId = reservation.request.accountId;
  const { price } = reservation.request;
  const lease = leaseOf(ctx, reservation);
  const state = ctx.known.peek(accountId);
  ctx.holds.addUnrecorded(accountId, price);
  reservation.answeredAt = ctx.now();
  ctx.appends.workOf(accountId).leased.push(reservation);
  if (lease) {
    lease.spent += price;
    unhold(ctx, lease, price);
    if (!lease.retiring && lease.amount - lease.spent - lease.held < price) retire(ctx, lease);
  }
  ctx.appends.kick(accountId, false);
  const at = ctx.now();
  return {
    ok: true,
    charged: price,
    remaining: Math.max(0, state ? ctx.holds.shownBalance(state, at) : reservation.balance - price),
    freeCallsLeft: state ? Math.max(0, ctx.freeCallsPerMonth - freeCallsUsed(state, reservation.month)) : 0,
  };
}

/** Appends the charge of an answer before it is sent (grouped per account: accountAppends.ts). */
export const chargeBeforeAnswer = (ctx: LedgerContext, reservation: Reservation) =>
  new Promise<CommitResult>((resolve, reject) => {
    const accountId = reservation.request.accountId;
    const w = ctx.appends.workOf(accountId);
    const first = w.direct.length === 0 && !w.draining;
    w.direct.push({ reservation, resolve, reject });
    if (first) setImmediate(() => ctx.appends.kick(accountId));
  });

/**
 * The hold no longer fits: another process used the month's last free calls, or charged or leased the credits
 * meanwhile. The answer is paid for as a new call would be (this process's lease, or after other leases go
 * back) and committed through `commit`; `refused` stands when that fails too.
 */
export async function chargeAgain(
  ctx: LedgerContext,
  reservation: Reservation,
  refused: CommitResult,
  commit: (reservation: Reservation, status?: number) => Promise<CommitResult>,
): Promise<CommitResult> {
  const accountId = reservation.request.accountId;
  const again = await ctx.withLock(accountId, async () => {
    const state = await ctx.known.fresh(accountId);
    return state ? reserveCredits(ctx, reservation.request, state, ctx.now()) : null;
  });
  if (!again?.ok) return refused;
  ctx.retried.add(again.reservation.id);
  try {
    return await commit(again.reservation, reservation.status);
  } finally {
    ctx.retried.delete(again.reservation.id);
  }
}

/** Every lease not in use retires, every account's waiting work is appended; throws if some is left. */
export async function flushLedger(ctx: LedgerContext): Promise<void> {
  const { appends } = ctx;
  for (const lease of [...ctx.holds.leases.values()]) if (lease.held === 0) retire(ctx, lease);
  const accounts = appends.accounts();
  for (const accountId of accounts) appends.kick(accountId);
  for (const accountId of accounts) await appends.settled(accountId);
  const stuck = appends.unsettled();
  if (stuck > 0) throw new Error(`${stuck} account(s) with charges still waiting to be appended`);
}
