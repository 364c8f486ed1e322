import { randomUUID } from 'node:crypto';
import { monthOf } from './accountEvents.ts';
import type { AccountState } from './accountState.ts';
import type { LocalLease } from './creditLeases.ts';
import type { LedgerContext } from './ledgerContext.ts';
import type { ChargeRequest, Reservation } from './reservation.ts';

/** No more calls from this lease: it goes back once the calls served from it are settled. */
export function retire(ctx: LedgerContext, lease: LocalLease): void {
  const { leases, retiring } = ctx.holds;
  if (leases.get(lease.accountId) === lease) leases.delete(lease.accountId);
  lease.retiring = true;
  retiring.set(lease.leaseId, lease);
  if (lease.held === 0) {
    ctx.appends.workOf(lease.accountId).returns.add(lease.leaseId);
    ctx.appends.kick(lease.accountId);
  }
}

/** Asks the drain for a lease covering calls of `price`; null when the balance is too small to lease. */
export const openLease = (ctx: LedgerContext, accountId: string, price: number) =>
  new Promise<LocalLease | null>((resolve, reject) => {
    ctx.appends.workOf(accountId).opens.push({ price, resolve, reject });
    ctx.appends.kick(accountId);
  });

/** A hold on this process's lease: the call is charged after its answer, with the lease's next batch. */
export function holdOnLease(
  ctx: LedgerContext,
  lease: LocalLease,
  request: ChargeRequest,
  state: AccountState,
  at: Date,
) {
  lease.held += request.price;
  lease.lastUsed = at.getTime();
  const reservation: Reservation = {
    id: randomUUID(),
    request,
    kind: 'lease',
    month: monthOf(at),
    balance: ctx.holds.shownBalance(state, at),
    leaseId: lease.leaseId,
  };
  return { ok: true as const, reservation };
}

/** A hold of a free call or of credits, charged before the answer. */
export function holdDirect(
  ctx: LedgerContext,
  kind: 'free' | 'credits',
  request: ChargeRequest,
  state: AccountState,
  at: Date,
) {
  const { holds, shownBalance } = ctx.holds;
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
}

/** The lease a hold was taken on, served from or retiring; undefined once it went back. */
export function leaseOf(ctx: LedgerContext, reservation: Reservation): LocalLease | undefined {
  const { leases, retiring } = ctx.holds;
  if (reservation.leaseId === undefined) return undefined;
  return leases.get(reservation.request.accountId)?.leaseId === reservation.leaseId
    ? leases.get(reservation.request.accountId)
    : retiring.get(reservation.leaseId);
}

/** A hold on a lease is settled: a retiring lease goes back once nothing is served from it. */
export function unhold(ctx: LedgerContext, lease: LocalLease, price: number): void {
  lease.held -= price;
  if (lease.retiring && lease.held === 0) {
    ctx.appends.workOf(lease.accountId).returns.add(lease.leaseId);
    ctx.appends.kick(lease.accountId);
  }
}

/** Leases not used for `idleMs`, or past the time they may be served from, go back; null without leases. */
export function startLeaseSweep(ctx: LedgerContext): NodeJS.Timeout | null {
  const { policy } = ctx;
  if (!policy) return null;
  const sweep = setInterval(
    () => {
      const at = ctx.now().getTime();
      for (const lease of [...ctx.holds.leases.values()]) {
        if (lease.held === 0 && (at - lease.lastUsed >= policy.idleMs || at >= lease.spendUntil))
          retire(ctx, lease);
      }
    },
    Math.max(10, Math.floor(policy.idleMs / 2)),
  );
  sweep.unref();
  return sweep;
}
