import type { Knex } from 'knex';
import type { EventStore } from '../eventstore/port.ts';
import { accountStream, type KeyIssuedData, type KeyRevokedData } from './accountEvents.ts';
import { activeKeys } from './accountState.ts';
import { generateApiKey, hashApiKey, keyHint } from './apiKey.ts';
import { loadAccount } from './loadAccount.ts';

export interface IssuedKey {
  /** The only time the key exists in clear: hand it to its owner, never store or log it. */
  key: string;
  keyHash: string;
  keyHint: string;
}

/** The `KeyIssued` event of a new key, and the key itself. */
export function newKey(at: Date): { issued: IssuedKey; data: KeyIssuedData } {
  const key = generateApiKey();
  const data: KeyIssuedData = { keyHash: hashApiKey(key), keyHint: keyHint(key), issuedAt: at.toISOString() };
  return { issued: { key, keyHash: data.keyHash, keyHint: data.keyHint }, data };
}

/** Another key for an existing account. It commutes with charges: it only needs the account to exist. */
export async function issueKey(
  store: EventStore,
  accountId: string,
  now = new Date(),
): Promise<{ ok: true; issued: IssuedKey } | { ok: false; error: 'compte_inconnu' }> {
  const { issued, data } = newKey(now);
  const result = await store.append(accountStream(accountId), [{ type: 'KeyIssued', data }], 'stream_exists');
  return result.ok ? { ok: true, issued } : { ok: false, error: 'compte_inconnu' };
}

export type RevokeResult =
  | { ok: true; keyHint: string }
  | { ok: false; error: 'cle_inconnue' | 'cle_deja_revoquee' | 'derniere_cle' };

const MAX_ATTEMPTS = 5;

/**
 * Revokes one key of the account. The last key that opens the account is never revoked: an account with no
 * key could not be reached again, and its credits would be lost to its owner (they issue another first).
 * Appended at the version the check was made on, so two revocations at once cannot remove both last keys.
 */
export async function revokeKey(
  knex: Knex,
  store: EventStore,
  accountId: string,
  keyHash: string,
  now = new Date(),
): Promise<RevokeResult> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const state = await loadAccount(knex, store, accountId);
    const key = state?.keys.find((k) => k.keyHash === keyHash);
    if (!state || !key) return { ok: false, error: 'cle_inconnue' };
    if (key.revokedAt !== null) return { ok: false, error: 'cle_deja_revoquee' };
    if (activeKeys(state).length <= 1) return { ok: false, error: 'derniere_cle' };
    const data: KeyRevokedData = { keyHash, revokedAt: now.toISOString() };
    const result = await store.append(
      accountStream(accountId),
      [{ type: 'KeyRevoked', data }],
      state.version,
    );
    if (result.ok) return { ok: true, keyHint: key.keyHint };
  }
  throw new Error(`account ${accountId}: key revocation still conflicting after ${MAX_ATTEMPTS} attempts`);
}
