import { randomBytes, randomUUID } from 'node:crypto';
import type { EventStore, NewEvent } from '../eventstore/port.ts';
import { accountStream, type CreditsPurchasedData, expiryOf } from './accountEvents.ts';
import { newKey } from './accountKeys.ts';

export interface OpenedAccount {
  accountId: string;
  /** The only time the key exists in clear: hand it to its owner, never store or log it. */
  key: string;
  keyHash: string;
}

/** A new account with its key and, optionally, a first lot of credits (atomic units). */
export async function openAccount(
  store: EventStore,
  opts: { credits?: number; source?: string; now?: Date } = {},
): Promise<OpenedAccount> {
  const at = opts.now ?? new Date();
  const accountId = randomBytes(8).toString('hex');
  const { issued, data } = newKey(at);
  const events: NewEvent[] = [{ type: 'KeyIssued', data }];
  if (opts.credits !== undefined && opts.credits > 0) {
    events.push(creditsPurchased(opts.credits, at, opts.source ?? 'cli'));
  }
  const result = await store.append(accountStream(accountId), events, 'no_stream');
  if (!result.ok) throw new Error(result.message);
  return { accountId, key: issued.key, keyHash: issued.keyHash };
}

export function creditsPurchased(amount: number, at: Date, source: string): NewEvent {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new Error(`credit amount must be a positive integer: ${amount}`);
  const data: CreditsPurchasedData = {
    lotId: randomUUID(),
    amount,
    purchasedAt: at.toISOString(),
    expiresAt: expiryOf(at).toISOString(),
    source,
  };
  return { type: 'CreditsPurchased', data };
}
