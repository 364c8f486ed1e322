/** A call's charge, as the ledger holds it from before its handler runs to its answer. */
export interface ChargeRequest {
  accountId: string;
  routeId: string;
  /** Atomic units. */
  price: number;
  /** Whether the route is in the monthly free quota. */
  freeTier: boolean;
  requestId: string;
}

/**
 * What a request holds while its handler runs: one free call of the month, `amount` credits of the balance
 * (charged before the answer), or `amount` credits of a lease this process holds (charged after it).
 */
export interface Reservation {
  id: string;
  request: ChargeRequest;
  kind: 'free' | 'credits' | 'lease';
  month: string;
  /** Balance when the hold was taken (what `X-Credits-Remaining` says if nothing is charged). */
  balance: number;
  /** HTTP status of the answer, set when it is known (recorded with the charge). */
  status?: number;
  /** The lease a `lease` hold is on. */
  leaseId?: string;
  /** When the answer was known (a charge served from a lease is recorded later, at this instant). */
  answeredAt?: Date;
}

export type ReserveResult =
  | { ok: true; reservation: Reservation }
  | { ok: false; error: 'credits_insuffisants'; balance: number }
  | { ok: false; error: 'compte_inconnu' };

export type CommitResult =
  | { ok: true; charged: number; remaining: number; freeCallsLeft: number }
  | { ok: false; error: 'credits_insuffisants'; balance: number };
