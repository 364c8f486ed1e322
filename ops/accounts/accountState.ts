import type { RecordedEvent } from '../eventstore/port.ts';
import { asAccountEvent, type CallChargedData, chargeTotals, type LotDraw } from './accountEvents.ts';

export interface CreditLot {
  lotId: string;
  amount: number;
  remaining: number;
  purchasedAt: string;
  expiresAt: string;
}

/** A key of the account, by its hash; the key itself is never kept. */
export interface AccountKey {
  keyHash: string;
  keyHint: string;
  issuedAt: string;
  /** Null while the key opens the account. */
  revokedAt: string | null;
}

/** Part of the balance an API process set aside (`CreditsLeased`) and has not returned yet. */
export interface OpenLease {
  leaseId: string;
  holder: string;
  amount: number;
  /** Charged against it so far (recorded charges only). */
  spent: number;
  leasedAt: string;
  expiresAt: string;
}

/** An account as its stream says, up to `version`. */
export interface AccountState {
  accountId: string;
  /** Version of the last event folded in (the expected version of the next append). */
  version: bigint;
  keys: AccountKey[];
  lots: CreditLot[];
  /** Free calls used, per UTC month `YYYY-MM`. */
  freeCalls: Record<string, number>;
  /** Leases not returned yet, oldest first. */
  leases: OpenLease[];
}

export function emptyAccountState(accountId: string): AccountState {
  return { accountId, version: -1n, keys: [], lots: [], freeCalls: {}, leases: [] };
}

/** Pure fold of one event. The balances projection applies the same facts to its tables. */
export function applyAccountEvent(state: AccountState, event: RecordedEvent): AccountState {
  const e = asAccountEvent(event);
  const next = { ...state, version: event.streamVersion };
  if (!e) return next;
  switch (e.type) {
    case 'KeyIssued':
      if (state.keys.some((k) => k.keyHash === e.data.keyHash)) return next;
      return {
        ...next,
        keys: [
          ...state.keys,
          { keyHash: e.data.keyHash, keyHint: e.data.keyHint, issuedAt: e.data.issuedAt, revokedAt: null },
        ],
      };
    case 'KeyRevoked':
      return {
        ...next,
        keys: state.keys.map((k) =>
          k.keyHash === e.data.keyHash && k.revokedAt === null ? { ...k, revokedAt: e.data.revokedAt } : k,
        ),
      };
    case 'CreditsPurchased':
      return {
        ...next,
        lots: [
          ...state.lots,
          {
            lotId: e.data.lotId,
            amount: e.data.amount,
            remaining: e.data.amount,
            purchasedAt: e.data.purchasedAt,
            expiresAt: e.data.expiresAt,
          },
        ],
      };
    case 'CallCharged':
      return chargesApplied(next, [e.data], e.data.leaseId);
    case 'CallsCharged':
      return chargesApplied(next, e.data.calls, e.data.leaseId);
    case 'CreditsLeased':
      if (state.leases.some((l) => l.leaseId === e.data.leaseId)) return next;
      return {
        ...next,
        leases: [
          ...state.leases,
          {
            leaseId: e.data.leaseId,
            holder: e.data.holder,
            amount: e.data.amount,
            spent: 0,
            leasedAt: e.data.leasedAt,
            expiresAt: e.data.expiresAt,
          },
        ],
      };
    case 'LeaseReturned':
      return { ...next, leases: state.leases.filter((l) => l.leaseId !== e.data.leaseId) };
    case 'FreeCallUsed':
      return {
        ...next,
        freeCalls: { ...state.freeCalls, [e.data.month]: (state.freeCalls[e.data.month] ?? 0) + 1 },
      };
  }
}

/**
 * Charges drawn on their lots and, when served from a lease, counted as spent from it. A charge recorded
 * after its lease was returned (expired) only draws on the balance.
 */
function chargesApplied(
  state: AccountState,
  calls: readonly Pick<CallChargedData, 'amount' | 'lots'>[],
  leaseId: string | undefined,
): AccountState {
  const { amount, byLot: drawn } = chargeTotals(calls);
  return {
    ...state,
    lots: state.lots.map((l) =>
      drawn.has(l.lotId) ? { ...l, remaining: l.remaining - drawn.get(l.lotId)! } : l,
    ),
    leases:
      leaseId === undefined
        ? state.leases
        : state.leases.map((l) => (l.leaseId === leaseId ? { ...l, spent: l.spent + amount } : l)),
  };
}

/** The keys that still open the account, oldest first. */
export function activeKeys(state: AccountState): AccountKey[] {
  return state.keys.filter((k) => k.revokedAt === null);
}

const usable = (lot: CreditLot, now: Date) => lot.remaining > 0 && Date.parse(lot.expiresAt) > now.getTime();

/** Credits that can still be spent: unexpired lots only. */
export function balanceOf(state: AccountState, now: Date): number {
  return state.lots.reduce((sum, lot) => (usable(lot, now) ? sum + lot.remaining : sum), 0);
}

/** What an open lease still sets aside. */
export const unspentOf = (lease: OpenLease) => Math.max(0, lease.amount - lease.spent);

/** What every open lease sets aside: part of the balance, not available to a call served elsewhere. */
export function leasedOf(state: AccountState): number {
  return state.leases.reduce((sum, lease) => sum + unspentOf(lease), 0);
}

/** The balance a call may still be charged against without a lease: the balance less what leases set aside. */
export function unleasedBalanceOf(state: AccountState, now: Date): number {
  return balanceOf(state, now) - leasedOf(state);
}

/** The lots a charge draws, closest expiry first (then oldest purchase); null when they do not cover it. */
export function drawLots(state: AccountState, amount: number, now: Date): LotDraw[] | null {
  const lots = state.lots
    .filter((l) => usable(l, now))
    .sort(
      (a, b) =>
        Date.parse(a.expiresAt) - Date.parse(b.expiresAt) ||
        Date.parse(a.purchasedAt) - Date.parse(b.purchasedAt),
    );
  const draws: LotDraw[] = [];
  let left = amount;
  for (const lot of lots) {
    if (left === 0) break;
    const take = Math.min(lot.remaining, left);
    draws.push({ lotId: lot.lotId, amount: take });
    left -= take;
  }
  return left === 0 ? draws : null;
}

export function freeCallsUsed(state: AccountState, month: string): number {
  return state.freeCalls[month] ?? 0;
}
