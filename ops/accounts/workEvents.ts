import type { NewEvent, RecordedEvent } from '../eventstore/port.ts';
import type { AccountWork } from './accountAppends.ts';
import type { CallChargedData } from './accountEvents.ts';
import {
  type AccountState,
  applyAccountEvent,
  balanceOf,
  freeCallsUsed,
  unleasedBalanceOf,
} from './accountState.ts';
import { callsChargedEvent, chargeEvent, leasedCharge, leaseEvent, returnEvent } from './chargeEvents.ts';
import { type LeasePolicy, type LocalLease, leaseAmount } from './creditLeases.ts';
import type { CommitResult, Reservation } from './reservation.ts';

/** An event about to be appended, as the fold reads it: the next version of the stream. */
const asRecorded = (
  stream: string,
  state: AccountState,
  type: string,
  data: unknown,
  at: Date,
): RecordedEvent => ({
  position: 0n,
  streamId: stream,
  streamVersion: state.version + 1n,
  type,
  data,
  metadata: {},
  recordedAt: at,
});
/** What one append of an account's work writes, and what it tells the calls and leases that asked. */
export interface WorkEvents {
  /** The account's state once the events are applied. */
  next: AccountState;
  events: NewEvent[];
  /** Calls served from a lease that the lease no longer covers (returned as expired, the balance spent). */
  uncharged: Reservation[];
  /** Each direct charge's outcome, in order. */
  direct: CommitResult[];
  /** Each lease asked for, or null when the balance is too small to lease. */
  opens: (LocalLease | null)[];
}

/**
 * The events of an account's waiting work, computed on its state at `at`: the charges of calls answered from
 * leases, the direct charges, the returns, the expired leases, the leases opened. Nothing is appended here.
 */
export function workEvents(
  state: AccountState,
  taken: AccountWork,
  ctx: {
    stream: string;
    accountId: string;
    at: Date;
    freeCallsPerMonth: number;
    policy: LeasePolicy | null;
    /** Credits the requests in flight of this process hold on the account. */
    heldCredits: () => number;
  },
): WorkEvents {
  const { at } = ctx;
  let next = state;
  const events: NewEvent[] = [];
  const add = (event: NewEvent) => {
    next = applyAccountEvent(next, asRecorded(ctx.stream, next, event.type, event.data, at));
    events.push(event);
  };
  // Calls already answered from a lease first: what they spent is what the lease set aside. Each is
  // drawn on the state the ones before it left, and one event per lease records them all.
  const uncharged: Reservation[] = [];
  const byLease = new Map<string, CallChargedData[]>();
  let drawnSoFar = next;
  for (const r of taken.leased) {
    const charge = leasedCharge(drawnSoFar, r, at);
    if (!charge) {
      uncharged.push(r);
      continue;
    }
    drawnSoFar = applyAccountEvent(drawnSoFar, asRecorded(ctx.stream, drawnSoFar, 'CallCharged', charge, at));
    const calls = byLease.get(charge.leaseId!);
    if (calls) calls.push(charge);
    else byLease.set(charge.leaseId!, [charge]);
  }
  for (const [leaseId, calls] of byLease) add(callsChargedEvent(leaseId, calls));
  const direct: CommitResult[] = [];
  for (const { reservation } of taken.direct) {
    const charge = chargeEvent(next, reservation, at, ctx.freeCallsPerMonth);
    if (!charge) {
      direct.push({ ok: false, error: 'credits_insuffisants', balance: balanceOf(next, at) });
      continue;
    }
    add(charge.event);
    direct.push({
      ok: true,
      charged: charge.charged,
      remaining: balanceOf(next, at),
      freeCallsLeft: Math.max(0, ctx.freeCallsPerMonth - freeCallsUsed(next, reservation.month)),
    });
  }
  for (const leaseId of taken.returns) {
    if (next.leases.some((l) => l.leaseId === leaseId)) add(returnEvent(leaseId, 'returned', at));
  }
  for (const leaseId of taken.expired) {
    const lease = next.leases.find((l) => l.leaseId === leaseId);
    if (lease && Date.parse(lease.expiresAt) <= at.getTime()) add(returnEvent(leaseId, 'expired', at));
  }
  const opens: (LocalLease | null)[] = [];
  for (const o of taken.opens) {
    const amount = ctx.policy
      ? leaseAmount(ctx.policy, unleasedBalanceOf(next, at) - ctx.heldCredits(), o.price)
      : 0;
    if (amount === 0) {
      opens.push(null);
      continue;
    }
    const opened = leaseEvent(ctx.accountId, amount, ctx.policy!, at);
    add(opened.event);
    opens.push(opened.lease);
  }
  return { next, events, uncharged, direct, opens };
}
