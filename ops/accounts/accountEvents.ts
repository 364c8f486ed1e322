import type { RecordedEvent } from '../eventstore/port.ts';

/** Keys and credits of one account live on its own stream, so its version guards every charge. */
export const ACCOUNT_STREAM_PREFIX = 'account-';
export const accountStream = (accountId: string) => `${ACCOUNT_STREAM_PREFIX}${accountId}`;
export const accountIdOf = (streamId: string) => streamId.slice(ACCOUNT_STREAM_PREFIX.length);
export const isAccountStream = (streamId: string) => streamId.startsWith(ACCOUNT_STREAM_PREFIX);

export interface KeyIssuedData {
  /** SHA-256 of the key (hex); the key itself is never written anywhere. */
  keyHash: string;
  keyHint: string;
  issuedAt: string;
}

/** A key no longer opens its account: calls that present it are treated as unkeyed. */
export interface KeyRevokedData {
  keyHash: string;
  revokedAt: string;
}

export interface CreditsPurchasedData {
  lotId: string;
  /** Atomic units (1 credit = 1,000,000). */
  amount: number;
  purchasedAt: string;
  /** 12 months after purchase. */
  expiresAt: string;
  source: string;
}

export interface LotDraw {
  lotId: string;
  amount: number;
}

export interface CallChargedData {
  requestId: string;
  routeId: string;
  amount: number;
  /** The lots drawn, closest expiry first; their amounts add up to `amount`. */
  lots: LotDraw[];
  chargedAt: string;
  /** HTTP status of the answer charged (always 2xx); absent on charges recorded before it was kept. */
  status?: number;
  /**
   * The lease the call was served from (recorded after the answer); absent on a charge recorded before its
   * answer. The lots are drawn when the charge is recorded either way.
   */
  leaseId?: string;
}

/** One call inside `CallsCharged`: a `CallCharged` without the lease, which the batch names once. */
export type LeasedCall = Omit<CallChargedData, 'leaseId'>;

/**
 * The calls one API process served from one of its leases and recorded together (in order of their
 * answers): each keeps its own request, route, amount, lots, time and status, as `CallCharged` would. One
 * event per batch rather than per call: the log's cost of a paid call was mostly the row of its charge.
 */
export interface CallsChargedData {
  leaseId: string;
  calls: LeasedCall[];
}

/**
 * An API process sets aside part of the balance for the calls it will serve next: others no longer count it
 * as available, and the calls it serves from it are charged after their answer (`CallCharged` with this
 * `leaseId`), in batches. Ends with `LeaseReturned`; until then, at most `amount` is charged against it.
 */
export interface CreditsLeasedData {
  leaseId: string;
  /** Which process holds it (host and pid), for the operator. */
  holder: string;
  /** Atomic units set aside. */
  amount: number;
  leasedAt: string;
  /** After this instant any process may return it (its holder stopped serving from it earlier). */
  expiresAt: string;
}

/** What a lease set aside and was not charged is available again; later charges draw on the balance. */
export interface LeaseReturnedData {
  leaseId: string;
  returnedAt: string;
  /** `returned` by its holder; `expired`: returned by another process after `expiresAt` (holder gone). */
  reason: 'returned' | 'expired';
}

export interface FreeCallUsedData {
  requestId: string;
  routeId: string;
  /** UTC calendar month, `YYYY-MM`. */
  month: string;
  usedAt: string;
  /** HTTP status of the answer served (always 2xx); absent on calls recorded before it was kept. */
  status?: number;
}

export type AccountEvent =
  | { type: 'KeyIssued'; data: KeyIssuedData }
  | { type: 'KeyRevoked'; data: KeyRevokedData }
  | { type: 'CreditsPurchased'; data: CreditsPurchasedData }
  | { type: 'CallCharged'; data: CallChargedData }
  | { type: 'CallsCharged'; data: CallsChargedData }
  | { type: 'FreeCallUsed'; data: FreeCallUsedData }
  | { type: 'CreditsLeased'; data: CreditsLeasedData }
  | { type: 'LeaseReturned'; data: LeaseReturnedData };

export const ACCOUNT_EVENT_TYPES = [
  'KeyIssued',
  'KeyRevoked',
  'CreditsPurchased',
  'CallCharged',
  'CallsCharged',
  'FreeCallUsed',
  'CreditsLeased',
  'LeaseReturned',
] as const;

export function asAccountEvent(event: Pick<RecordedEvent, 'type' | 'data'>): AccountEvent | null {
  return (ACCOUNT_EVENT_TYPES as readonly string[]).includes(event.type) ? (event as AccountEvent) : null;
}

/** The charges one event records (a `CallCharged`, or a lease's `CallsCharged` batch) and their lease; null: none. */
export function chargesOf(
  event: Pick<RecordedEvent, 'type' | 'data'>,
): { calls: readonly LeasedCall[]; leaseId: string | undefined } | null {
  const e = asAccountEvent(event);
  if (e?.type === 'CallCharged') return { calls: [e.data], leaseId: e.data.leaseId };
  if (e?.type === 'CallsCharged') return { calls: e.data.calls, leaseId: e.data.leaseId };
  return null;
}

/**
 * Every charge the events record, in order: a `CallCharged` as it is, each call of a `CallsCharged` with its
 * batch's lease.
 */
export function chargesIn(events: readonly Pick<RecordedEvent, 'type' | 'data'>[]): CallChargedData[] {
  const charges: CallChargedData[] = [];
  for (const event of events) {
    const recorded = chargesOf(event);
    if (!recorded) continue;
    const { calls, leaseId } = recorded;
    for (const call of calls) charges.push(leaseId === undefined ? call : { ...call, leaseId });
  }
  return charges;
}

/** What charges draw: their total, and the amount taken from each lot (a lot drawn by several calls once). */
export function chargeTotals(calls: readonly Pick<CallChargedData, 'amount' | 'lots'>[]): {
  amount: number;
  byLot: Map<string, number>;
} {
  const byLot = new Map<string, number>();
  let amount = 0;
  for (const call of calls) {
    amount += call.amount;
    for (const lot of call.lots) byLot.set(lot.lotId, (byLot.get(lot.lotId) ?? 0) + lot.amount);
  }
  return { amount, byLot };
}

/** `YYYY-MM` of a date, in UTC. */
export const monthOf = (d: Date) => d.toISOString().slice(0, 7);

/** The same instant 12 calendar months later (UTC). */
export function expiryOf(purchasedAt: Date): Date {
  const d = new Date(purchasedAt.getTime());
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d;
}
