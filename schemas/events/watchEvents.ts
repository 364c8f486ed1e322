/**
 * The contract between the watch service (creation, webhook delivery) and the read model of watches: the
 * events of one watch, on its own stream `surveillance-<id>`. A watch is written once (`WatchCreated`); each
 * webhook attempt and its outcome follow it on the same stream (`WebhookAttempted`).
 */
export const WATCH_CREATED = 'WatchCreated';
export const WEBHOOK_ATTEMPTED = 'WebhookAttempted';
/** A watch undone before it was paid for (its creation's charge failed): it ends at once, nothing delivered. */
export const WATCH_WITHDRAWN = 'WatchWithdrawn';

export const WATCH_STREAM_PREFIX = 'surveillance-';
export const watchStreamOf = (watchId: string) => `${WATCH_STREAM_PREFIX}${watchId}`;

/** The durations a watch is sold for, in days. */
export const WATCH_DURATIONS = [30, 90, 365] as const;
export type WatchDays = (typeof WATCH_DURATIONS)[number];

/** Who owns a watch: the account of the API key that paid for it, or the x402 payer's address. */
export type WatchOwner = { compte: string } | { payeur: string };

/**
 * One watched entity: a French SIREN (`pays` = `FR`) or a European identifier, as its register spells it.
 * `registres`: the register codes whose events name it (resolved at creation from the register manifests), so
 * that the read model matches change events without knowing the manifests.
 */
export interface WatchedEntity {
  pays: string;
  id: string;
  registres: string[];
}

export interface WatchCreatedData {
  watchId: string;
  owner: WatchOwner;
  entities: WatchedEntity[];
  days: WatchDays;
  /** UTC ISO 8601. */
  createdAt: string;
  /** The instant the watch ends: no delivery after it, and its routes answer 404. */
  endsAt: string;
  /** Price units (1e-6 USD): per entity, and the total charged. */
  pricePerEntity: number;
  price: number;
  webhookUrl: string | null;
  /**
   * The webhook secret, sealed (AES-256-GCM under a key derived from the service's signing key): the notifier
   * opens it to compute the HMAC. Never the secret itself, never served.
   */
  secretSealed: string;
}

/** What one webhook attempt ended with. */
export type WebhookOutcome = 'livre' | 'echec' | 'abandon' | 'adresse_refusee';

export interface WebhookAttemptedData {
  deliveryId: string;
  watchId: string;
  pays: string;
  id: string;
  /** Position of the change event the delivery carries (decimal string). */
  changePosition: string;
  /** 1 for the first attempt. */
  attempt: number;
  attemptedAt: string;
  outcome: WebhookOutcome;
  /** The receiver's HTTP status; null when none came back (refused address, network error, time-out). */
  status: number | null;
  /** Why it failed, in a few words (no secret, no body). */
  error: string | null;
  /** When the next attempt is due (`echec`); null once delivered or abandoned. */
  nextAttemptAt: string | null;
}

export interface WatchWithdrawnData {
  watchId: string;
  /** UTC ISO 8601: the watch ends then. */
  withdrawnAt: string;
  /** Why, in a few words (`paiement_non_abouti`). */
  reason: string;
}
