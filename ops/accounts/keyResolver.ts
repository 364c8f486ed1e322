import type { Knex } from 'knex';
import { hashApiKey, looksLikeApiKey } from './apiKey.ts';

export interface KeyResolver {
  /** The account of an issued key, or null: unknown keys are not an error, the caller ignores them. */
  resolve(key: string): Promise<string | null>;
}

/** Looks the key's hash up in the accounts projection. */
export function createKeyResolver(knex: Knex): KeyResolver {
  return {
    async resolve(key) {
      if (!looksLikeApiKey(key)) return null;
      const row = await knex('account_keys')
        .where({ key_hash: hashApiKey(key) })
        .first<{ account_id: string }>('account_id');
      return row?.account_id ?? null;
    },
  };
}
