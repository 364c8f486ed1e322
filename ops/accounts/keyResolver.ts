import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import { hashApiKey, looksLikeApiKey } from './apiKey.ts';

export interface KeyResolver {
  /** The account of an issued key, or null: unknown keys are not an error, the caller ignores them. */
  resolve(key: string): Promise<string | null>;
}

/**
 * Looks the key's hash up in the accounts projection. A key never changes account, so found keys are
 * remembered (by hash, never in clear); unknown ones are asked again, so a new key works at once.
 */
export function createKeyResolver(knex: Knex): KeyResolver {
  const found = new LRUCache<string, string>({ max: 50_000 });
  return {
    async resolve(key) {
      if (!looksLikeApiKey(key)) return null;
      const hash = hashApiKey(key);
      const cached = found.get(hash);
      if (cached) return cached;
      const row = await knex('account_keys')
        .where({ key_hash: hash })
        .first<{ account_id: string }>('account_id');
      if (row) found.set(hash, row.account_id);
      return row?.account_id ?? null;
    },
  };
}
