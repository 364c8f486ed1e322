import os from 'node:os';

/**
 * When and how much of an account's balance an API process sets aside for itself (`CreditsLeased`), so that
 * the calls it serves from it are charged after their answer, in batches, instead of one append per answer
 * group before it. Small balances are never leased: their calls are charged before the answer, exactly, as
 * every call was before leases.
 */
export interface LeasePolicy {
  /** A lease is taken only when the balance no lease sets aside covers at least this many calls. */
  minCalls: number;
  /** Largest lease, in calls of the price that asked for it. */
  maxCalls: number;
  /** A lease takes at most this share of the balance no lease sets aside (the rest stays for other processes). */
  share: number;
  /** After this long the holder serves no more calls from a lease, and returns it. */
  spendMs: number;
  /** After this long any process may return a lease (its holder is gone): `spendMs` plus time to record. */
  ttlMs: number;
  /** A lease not used for this long goes back, so that other processes can spend the balance. */
  idleMs: number;
  /** Charges served from a lease wait at most this long in memory before they are appended. */
  recordMs: number;
  /** This many charges waiting are appended at once. */
  recordBatch: number;
}

export const DEFAULT_LEASE_POLICY: LeasePolicy = {
  minCalls: 64,
  maxCalls: 1024,
  share: 0.25,
  spendMs: 5_000,
  ttlMs: 15_000,
  idleMs: 1_000,
  recordMs: 50,
  recordBatch: 256,
};

/** The amount to lease for calls of `price`, out of `unleased`; 0 when the balance is too small to lease. */
export function leaseAmount(policy: LeasePolicy, unleased: number, price: number): number {
  if (price <= 0 || unleased < policy.minCalls * price) return 0;
  const calls = Math.min(policy.maxCalls, Math.floor((unleased * policy.share) / price));
  return calls >= 2 ? calls * price : 0;
}

/** This process, as a lease names its holder. */
export const LEASE_HOLDER = `${os.hostname()}:${process.pid}`;

/** A lease this process holds, as it spends it. */
export interface LocalLease {
  leaseId: string;
  accountId: string;
  amount: number;
  /** Answered calls served from it (recorded or still waiting to be). */
  spent: number;
  /** Calls being served from it (handler running). */
  held: number;
  /** Epoch ms: no call is served from it after this. */
  spendUntil: number;
  /** Epoch ms of its last hold. */
  lastUsed: number;
  /** No new hold: it goes back once its holds are settled. */
  retiring: boolean;
}

/** Whether a call of `price` can be served from `lease` at `at`. */
export function leaseCovers(lease: LocalLease, price: number, at: number): boolean {
  return !lease.retiring && at < lease.spendUntil && lease.amount - lease.spent - lease.held >= price;
}
