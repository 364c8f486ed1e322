import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import type { EventStore, NewEvent } from '../eventstore/port.ts';
import type { Logger } from '../logger.ts';
import { accountStream, type CallChargedData, type FreeCallUsedData, monthOf } from './accountEvents.ts';
import { type AccountState, applyAccountEvent, balanceOf, drawLots, freeCallsUsed } from './accountState.ts';
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
  /** HTTP status of the answer, set when it is known (recorded with the charge). */
  status?: number;
}

export type ReserveResult =
  | { ok: true; reservation: Reservation }
  | { ok: false; error: 'credits_insuffisants'; balance: number }
  | { ok: false; error: 'compte_inconnu' };

export type CommitResult =
  | { ok: true; charged: number; remaining: number; freeCallsLeft: number }
  | { ok: false; error: 'credits_insuffisants'; balance: number };

interface PendingCommit {
  reservation: Reservation;
  resolve(result: CommitResult): void;
  reject(err: unknown): void;
}

export interface AccountLedger {
  /** Takes a free call or credits for a request, before its handler runs. */
  reserve(request: ChargeRequest): Promise<ReserveResult>;
  /**
   * The answer was 2xx (`status`): records the charge on the account stream (`FreeCallUsed` or
   * `CallCharged`).
   */
  commit(reservation: Reservation, status?: number): Promise<CommitResult>;
  /** The answer was not 2xx: nothing is recorded and the hold is dropped. */
  release(reservation: Reservation): void;
  /** The account's committed balance now (what a refused call reports in `X-Credits-Remaining`); null: unknown account. */
  balance(accountId: string): Promise<number | null>;
}

const MAX_APPEND_ATTEMPTS = 8;

/**
 * No overdraft, by two locks that do not depend on each other:
 * - in this process, reserves of one account run one at a time and count what requests in flight hold, so a
 *   handler only runs when the balance left after every hold covers its price; commits are grouped (see
 *   `drain`) and a hold is dropped in the same tick as the known state takes its charge;
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
  // The last state this process knows of each account, kept current by its own appends. Another writer
  // (a second server, `keys credit`) makes it stale: a charge then conflicts on the stream version and is
  // retried on a fresh load, and a refusal is only given after a fresh load confirms it.
  const known = new LRUCache<string, AccountState>({ max: 10_000 });
  const fresh = async (accountId: string) => {
    const state = await loadAccount(deps.knex, deps.store, accountId);
    // A load that raced with one of our own appends must not put an older state back.
    const mine = known.get(accountId);
    if (state && (!mine || state.version >= mine.version)) known.set(accountId, state);
    return state && mine && mine.version > state.version ? mine : state;
  };
  const current = async (accountId: string) => known.get(accountId) ?? fresh(accountId);
  const holds = new Map<string, Map<string, Reservation>>();

  const fits = (state: AccountState, request: ChargeRequest, at: Date) => {
    const held = heldBy(request.accountId);
    const month = monthOf(at);
    return (
      (request.freeTier &&
        freeCallsUsed(state, month) + (held.free.get(month) ?? 0) < deps.freeCallsPerMonth) ||
      balanceOf(state, at) - held.credits >= request.price
    );
  };
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

  /**
   * Group commit: the charges of one account that arrive while its previous append is in flight go to the
   * log together, in one append with the stream's expected version. One drain per account at a time. An
   * idle account's first charge waits for the end of the event loop's turn (setImmediate), so that the
   * charges of the answers finished in the same turn join it (more charges an append under load: bench
   * payment, bench/HISTORY.md).
   */
  const waiting = new Map<string, PendingCommit[]>();
  const drain = async (accountId: string) => {
    for (;;) {
      const batch = waiting.get(accountId) ?? [];
      if (batch.length === 0) {
        waiting.delete(accountId);
        return;
      }
      waiting.set(accountId, []);
      let settle: () => void;
      try {
        const outcomes = await commitBatch(
          accountId,
          batch.map((b) => b.reservation),
        );
        settle = () => {
          for (const [i, b] of batch.entries()) b.resolve(outcomes[i]!);
        };
      } catch (err) {
        settle = () => {
          for (const b of batch) b.reject(err);
        };
      } finally {
        for (const b of batch) drop(b.reservation);
      }
      // The charges are committed (and their holds dropped with the known state moved). Their requests go on
      // (signature, sending) once the loop below has sent the next group's append, not before: resolved at
      // once, their continuations came first in the microtask queue and held that append back by their
      // whole work (a few hundred microseconds each, for every request of the group).
      process.nextTick(settle);
    }
  };
  const commitBatch = async (accountId: string, reservations: Reservation[]): Promise<CommitResult[]> => {
    const stream = accountStream(accountId);
    for (let attempt = 1; attempt <= MAX_APPEND_ATTEMPTS; attempt++) {
      const state = attempt === 1 ? await current(accountId) : await fresh(accountId);
      if (!state) throw new Error(`account ${accountId} vanished`);
      const at = now();
      let next = state;
      const events: NewEvent[] = [];
      const outcomes: CommitResult[] = [];
      for (const reservation of reservations) {
        const charge = chargeEvent(next, reservation, at, deps.freeCallsPerMonth);
        if (!charge) {
          outcomes.push({ ok: false, error: 'credits_insuffisants', balance: balanceOf(next, at) });
          continue;
        }
        next = applyAccountEvent(next, {
          position: 0n,
          streamId: stream,
          streamVersion: next.version + 1n,
          type: charge.event.type,
          data: charge.event.data,
          metadata: {},
          recordedAt: at,
        });
        events.push(charge.event);
        outcomes.push({
          ok: true,
          charged: charge.charged,
          remaining: balanceOf(next, at),
          freeCallsLeft: Math.max(0, deps.freeCallsPerMonth - freeCallsUsed(next, reservation.month)),
        });
      }
      // A refusal on the state this process knew is confirmed on a fresh load before it is given.
      if (attempt === 1 && outcomes.some((o) => !o.ok)) continue;
      if (events.length === 0) return outcomes;
      const appended = await deps.store.append(stream, events, state.version);
      if (appended.ok) {
        known.set(accountId, next);
        return outcomes;
      }
      deps.logger.debug({ accountId, attempt }, 'account stream moved; charges retried');
    }
    throw new Error(`account ${accountId}: charges still conflicting after ${MAX_APPEND_ATTEMPTS} attempts`);
  };

  return {
    reserve(request) {
      return withLock(request.accountId, async (): Promise<ReserveResult> => {
        let state = await current(request.accountId);
        if (!state) return { ok: false, error: 'compte_inconnu' };
        const at = now();
        if (!fits(state, request, at)) state = (await fresh(request.accountId)) ?? state;
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

    commit(reservation, status) {
      if (status !== undefined) reservation.status = status;
      return new Promise<CommitResult>((resolve, reject) => {
        const accountId = reservation.request.accountId;
        const queue = waiting.get(accountId);
        if (queue) {
          queue.push({ reservation, resolve, reject });
          return;
        }
        waiting.set(accountId, [{ reservation, resolve, reject }]);
        setImmediate(() => void drain(accountId));
      });
    },

    release(reservation) {
      drop(reservation);
    },
    async balance(accountId) {
      const state = await current(accountId);
      return state ? balanceOf(state, now()) : null;
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
      ...(reservation.status === undefined ? {} : { status: reservation.status }),
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
    ...(reservation.status === undefined ? {} : { status: reservation.status }),
  };
  return { event: { type: 'CallCharged', data }, charged: request.price };
}
