import type { EventStore } from '../eventstore/port.ts';
import { accountStream } from './accountEvents.ts';
import { creditsPurchased } from './openAccount.ts';

export type PurchaseResult =
  | { ok: true; lotId: string; expiresAt: string }
  | { ok: false; error: 'compte_inconnu' };

/** Adds a lot of credits (atomic units) to an existing account; it expires 12 months from `now`. */
export async function purchaseCredits(
  store: EventStore,
  accountId: string,
  amount: number,
  opts: { source?: string; now?: Date } = {},
): Promise<PurchaseResult> {
  const event = creditsPurchased(amount, opts.now ?? new Date(), opts.source ?? 'cli');
  // A purchase commutes with charges: it only needs the account to exist.
  const result = await store.append(accountStream(accountId), [event], 'stream_exists');
  if (!result.ok) return { ok: false, error: 'compte_inconnu' };
  const data = event.data as { lotId: string; expiresAt: string };
  return { ok: true, lotId: data.lotId, expiresAt: data.expiresAt };
}
