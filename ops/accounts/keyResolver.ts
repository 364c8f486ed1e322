import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import { hashApiKey, looksLikeApiKey } from './apiKey.ts';

export interface KeyResolver {
  /** The account of an issued, unrevoked key, or null: unknown keys are not an error, the caller ignores them. */
  resolve(key: string): Promise<string | null>;
  /** A key this process just issued: it opens its account at once, before the projection has it. */
  remember(keyHash: string, accountId: string): void;
  /** A key this process just revoked: the very next call that presents it is unkeyed. */
  forget(keyHash: string): void;
}

/**
 * How long a found key is trusted without asking the projection again. A key revoked by this process is
 * forgotten at once; one revoked by another process (a second server) stops working within this delay plus
 * that projection's lag.
 */
export const FOUND_KEY_TTL_MS = 30_000;

/**
 * Looks the key's hash up in the accounts projection (unrevoked keys only). Found keys are remembered (by
 * hash, never in clear) for a short while; unknown ones are asked again, so a new key works at once.
 */
export function createKeyResolver(knex: Knex, opts: { ttlMs?: number } = {}): KeyResolver {
  const found = new LRUCache<string, string>({ max: 50_000, ttl: opts.ttlMs ?? FOUND_KEY_TTL_MS });
  const revokedHere = new LRUCache<string, true>({ max: 10_000, ttl: 10 * 60_000 });
  return {
    async resolve(key) {
      if (!looksLikeApiKey(key)) return null;
      const hash = hashApiKey(key);
      const cached = found.get(hash);
      if (cached) return cached;
      // Revoked here, but the projection may not say so yet.
      if (revokedHere.has(hash)) return null;
      const row = await knex('account_keys')
        .where({ key_hash: hash })
        .whereNull('revoked_at')
        .first<{ account_id: string }>('account_id');
      if (row) found.set(hash, row.account_id);
      return row?.account_id ?? null;
    },
    remember(keyHash, accountId) {
      revokedHere.delete(keyHash);
      found.set(keyHash, accountId);
    },
    forget(keyHash) {
      found.delete(keyHash);
      revokedHere.set(keyHash, true);
    },
  };
}
