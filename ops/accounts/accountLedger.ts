import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { EventStore, NewEvent } from '../eventstore/port.ts';
import type { Logger } from '../logger.ts';
import { accountStream, type CallChargedData, type FreeCallUsedData, monthOf } from './accountEvents.ts';
import { type AccountState, balanceOf, drawLots, freeCallsUsed } from './accountState.ts';
import { createKeyedMutex } from './keyedMutex.ts';
import { loadAccount } from './loadAccount.ts';

export interface ChargeRequest {
  accountId: string;
  routeId: string;
  /** Atomic units. */
  price: number;
  /** Whether the route is in the monthly free quota. */
  freeTier: boolean;
  requestId: string;
}

/** What a request holds while its handler runs: one free call of the month, or `amount` credits. */
export interface Reservation {
  id: string;
  request: ChargeRequest;
  kind: 'free' | 'credits';
  month: string;
  /** Committed balance when the hold was taken (what `X-Credits-Remaining` says if nothing is charged). */
  balance: number;
}

export type ReserveResult =
  | { ok: true; reservation: Reservation }
  | { ok: false; error: 'credits_insuffisants'; balance: number }
  | { ok: false; error: 'compte_inconnu' };

export type CommitResult =
  | { ok: true; charged: number; remaining: number; freeCallsLeft: number }
  | { ok: false; error: 'credits_insuffisants'; balance: number };

export interface AccountLedger {
  /** Takes a free call or credits for a request, before its handler runs. */
  reserve(request: ChargeRequest): Promise<ReserveResult>;
  /** The answer was 2xx: records the charge on the account stream (`FreeCallUsed` or `CallCharged`). */
  commit(reservation: Reservation): Promise<CommitResult>;
  /** The answer was not 2xx: nothing is recorded and the hold is dropped. */
  release(reservation: Reservation): void;
}

const MAX_APPEND_ATTEMPTS = 8;

/**
 * No overdraft, by two locks that do not depend on each other:
 * - in this process, reserve and commit of one account run one at a time and count what requests in flight
 *   hold, so a handler only runs when the balance left after every hold covers its price;
 * - in the log, a charge is appended with the account stream's expected version, re-checked against the
 *   freshly loaded state on a conflict (another server, or `keys credit`). A charge that no longer fits is
 *   refused, and the caller withholds the answer.
 */
export function createAccountLedger(deps: {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  freeCallsPerMonth: number;
  now?: () => Date;
}): AccountLedger {
  const now = deps.now ?? (() => new Date());
  const withLock = createKeyedMutex();
  const holds = new Map<string, Map<string, Reservation>>();

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

  return {
    reserve(request) {
      return withLock(request.accountId, async (): Promise<ReserveResult> => {
        const state = await loadAccount(deps.knex, deps.store, request.accountId);
        if (!state) return { ok: false, error: 'compte_inconnu' };
        const at = now();
        const month = monthOf(at);
        const held = heldBy(request.accountId);
        let kind: Reservation['kind'] | null = null;
        if (
          request.freeTier &&
          freeCallsUsed(state, month) + (held.free.get(month) ?? 0) < deps.freeCallsPerMonth
        ) {
          kind = 'free';
        } else if (balanceOf(state, at) - held.credits >= request.price) {
          kind = 'credits';
        }
        if (kind === null)
          return { ok: false, error: 'credits_insuffisants', balance: balanceOf(state, at) - held.credits };
        const reservation: Reservation = {
          id: randomUUID(),
          request,
          kind,
          month,
          balance: balanceOf(state, at),
        };
        if (!holds.has(request.accountId)) holds.set(request.accountId, new Map());
        holds.get(request.accountId)!.set(reservation.id, reservation);
        return { ok: true, reservation };
      });
    },

    commit(reservation) {
      const { request } = reservation;
      return withLock(request.accountId, async (): Promise<CommitResult> => {
        try {
          for (let attempt = 1; attempt <= MAX_APPEND_ATTEMPTS; attempt++) {
            const state = await loadAccount(deps.knex, deps.store, request.accountId);
            if (!state) throw new Error(`account ${request.accountId} vanished`);
            const at = now();
            const event = chargeEvent(state, reservation, at, deps.freeCallsPerMonth);
            if (!event) return { ok: false, error: 'credits_insuffisants', balance: balanceOf(state, at) };
            const appended = await deps.store.append(
              accountStream(request.accountId),
              [event.event],
              state.version,
            );
            if (appended.ok) {
              const after = balanceOf(state, at) - event.charged;
              const usedAfter = freeCallsUsed(state, reservation.month) + (event.charged === 0 ? 1 : 0);
              return {
                ok: true,
                charged: event.charged,
                remaining: after,
                freeCallsLeft: Math.max(0, deps.freeCallsPerMonth - usedAfter),
              };
            }
            deps.logger.debug(
              { accountId: request.accountId, attempt },
              'account stream moved; charge retried',
            );
          }
          throw new Error(
            `account ${request.accountId}: charge still conflicting after ${MAX_APPEND_ATTEMPTS} attempts`,
          );
        } finally {
          drop(reservation);
        }
      });
    },

    release(reservation) {
      drop(reservation);
    },
  };
}

/**
 * The event recording a reservation against the current state: a free call while the month's quota lasts
 * (the reservation counted on it), otherwise credits drawn closest expiry first; null when neither fits.
 */
function chargeEvent(
  state: AccountState,
  reservation: Reservation,
  at: Date,
  freeCallsPerMonth: number,
): { event: NewEvent; charged: number } | null {
  const { request } = reservation;
  if (reservation.kind === 'free' && freeCallsUsed(state, reservation.month) < freeCallsPerMonth) {
    const data: FreeCallUsedData = {
      requestId: request.requestId,
      routeId: request.routeId,
      month: reservation.month,
      usedAt: at.toISOString(),
    };
    return { event: { type: 'FreeCallUsed', data }, charged: 0 };
  }
  const lots = drawLots(state, request.price, at);
  if (!lots) return null;
  const data: CallChargedData = {
    requestId: request.requestId,
    routeId: request.routeId,
    amount: request.price,
    lots,
    chargedAt: at.toISOString(),
  };
  return { event: { type: 'CallCharged', data }, charged: request.price };
}
