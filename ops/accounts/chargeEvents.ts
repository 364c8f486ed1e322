import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../eventstore/port.ts';
import type {
  CallChargedData,
  CallsChargedData,
  CreditsLeasedData,
  FreeCallUsedData,
  LeasedCall,
  LeaseReturnedData,
} from './accountEvents.ts';
import { type AccountState, drawLots, freeCallsUsed, unleasedBalanceOf, unspentOf } from './accountState.ts';
import { LEASE_HOLDER, type LeasePolicy, type LocalLease } from './creditLeases.ts';
import type { Reservation } from './reservation.ts';

/** A new lease of `amount` for this process, and the event that records it. */
export function leaseEvent(
  accountId: string,
  amount: number,
  policy: LeasePolicy,
  at: Date,
): { event: NewEvent; lease: LocalLease } {
  const data: CreditsLeasedData = {
    leaseId: randomUUID(),
    holder: LEASE_HOLDER,
    amount,
    leasedAt: at.toISOString(),
    expiresAt: new Date(at.getTime() + policy.ttlMs).toISOString(),
  };
  return {
    event: { type: 'CreditsLeased', data },
    lease: {
      leaseId: data.leaseId,
      accountId,
      amount,
      spent: 0,
      held: 0,
      spendUntil: at.getTime() + policy.spendMs,
      lastUsed: at.getTime(),
      retiring: false,
    },
  };
}

export const returnEvent = (leaseId: string, reason: LeaseReturnedData['reason'], at: Date): NewEvent => ({
  type: 'LeaseReturned',
  data: { leaseId, returnedAt: at.toISOString(), reason } satisfies LeaseReturnedData,
});

/**
 * The charge of a call answered from a lease, drawn on the lots closest expiry first. While the lease is open
 * it covers the charge (it set the amount aside); once returned (expired), the charge must fit what no other
 * lease sets aside. Null when it does not fit.
 */
export function leasedCharge(
  state: AccountState,
  reservation: Reservation,
  at: Date,
): CallChargedData | null {
  const { request } = reservation;
  const lease = state.leases.find((l) => l.leaseId === reservation.leaseId);
  if (lease ? unspentOf(lease) < request.price : unleasedBalanceOf(state, at) < request.price) return null;
  return callChargedData(state, reservation, at);
}

/** The calls served from one lease and recorded together, as one event (`CallsCharged`). */
export function callsChargedEvent(leaseId: string, charges: readonly CallChargedData[]): NewEvent {
  const calls: LeasedCall[] = charges.map(({ leaseId: _lease, ...call }) => call);
  return { type: 'CallsCharged', data: { leaseId, calls } satisfies CallsChargedData };
}

/**
 * `CallCharged` for a reservation, drawn on the lots closest expiry first, at the time of its answer; null
 * when the lots do not cover it.
 */
function callChargedData(state: AccountState, reservation: Reservation, at: Date): CallChargedData | null {
  const { request } = reservation;
  const lots = drawLots(state, request.price, at);
  if (!lots) return null;
  const data: CallChargedData = {
    requestId: request.requestId,
    routeId: request.routeId,
    amount: request.price,
    lots,
    chargedAt: (reservation.answeredAt ?? at).toISOString(),
    ...(reservation.status === undefined ? {} : { status: reservation.status }),
    ...(reservation.leaseId === undefined ? {} : { leaseId: reservation.leaseId }),
  };
  return data;
}

/**
 * The event recording a reservation charged before its answer, against the current state: a free call while
 * the month's quota lasts, or credits drawn closest expiry first out of what no lease sets aside; null when
 * it no longer fits.
 */
export function chargeEvent(
  state: AccountState,
  reservation: Reservation,
  at: Date,
  freeCallsPerMonth: number,
): { event: NewEvent; charged: number } | null {
  const { request } = reservation;
  if (reservation.kind === 'free') {
    // The month's last free calls went to another process meanwhile: the ledger pays for this answer as for a
    // new call (a lease of this process, or the balance), not here.
    if (freeCallsUsed(state, reservation.month) >= freeCallsPerMonth) return null;
    const data: FreeCallUsedData = {
      requestId: request.requestId,
      routeId: request.routeId,
      month: reservation.month,
      usedAt: at.toISOString(),
      ...(reservation.status === undefined ? {} : { status: reservation.status }),
    };
    return { event: { type: 'FreeCallUsed', data }, charged: 0 };
  }
  // What open leases set aside is not this call's to take.
  if (unleasedBalanceOf(state, at) < request.price) return null;
  const data = callChargedData(state, reservation, at);
  return data ? { event: { type: 'CallCharged', data }, charged: request.price } : null;
}
