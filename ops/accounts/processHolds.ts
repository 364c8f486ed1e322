import { type AccountState, balanceOf, freeCallsUsed, unleasedBalanceOf } from './accountState.ts';
import type { LocalLease } from './creditLeases.ts';
import type { ChargeRequest, Reservation } from './reservation.ts';

/**
 * What this process holds on accounts between a call's reserve and its charge: the holds of requests in
 * flight, the leases it serves from, and the credits it served and has not appended yet; and what may still
 * be held on an account's state, given them.
 */
export function createProcessHolds(freeCallsPerMonth: number) {
  /** Holds of requests in flight charged before their answer (`free`, `credits`). */
  const holds = new Map<string, Map<string, Reservation>>();
  /** The lease each account's calls are served from in this process. */
  const leases = new Map<string, LocalLease>();
  /** Leases of this process no longer served from, until their return is appended. */
  const retiring = new Map<string, LocalLease>();
  /** Credits served from leases and not appended yet, per account. */
  const unrecorded = new Map<string, number>();

  const heldBy = (accountId: string) => {
    let credits = 0;
    const free = new Map<string, number>();
    for (const r of holds.get(accountId)?.values() ?? []) {
      if (r.kind === 'credits') credits += r.request.price;
      else free.set(r.month, (free.get(r.month) ?? 0) + 1);
    }
    return { credits, free };
  };
  const drop = (r: Reservation) => {
    const mine = holds.get(r.request.accountId);
    mine?.delete(r.id);
    if (mine?.size === 0) holds.delete(r.request.accountId);
  };
  const addUnrecorded = (accountId: string, amount: number) => {
    const left = (unrecorded.get(accountId) ?? 0) + amount;
    if (left === 0) unrecorded.delete(accountId);
    else unrecorded.set(accountId, left);
  };
  /** The balance as this process knows it: the stream's, less what it served and has not appended yet. */
  const shownBalance = (state: AccountState, at: Date) =>
    balanceOf(state, at) - (unrecorded.get(state.accountId) ?? 0);
  const freeCallFits = (state: AccountState, month: string, accountId: string) =>
    freeCallsUsed(state, month) + (heldBy(accountId).free.get(month) ?? 0) < freeCallsPerMonth;
  const directFits = (state: AccountState, request: ChargeRequest, at: Date) =>
    unleasedBalanceOf(state, at) - heldBy(request.accountId).credits >= request.price;

  return {
    holds,
    leases,
    retiring,
    unrecorded,
    heldBy,
    drop,
    addUnrecorded,
    shownBalance,
    freeCallFits,
    directFits,
  };
}
