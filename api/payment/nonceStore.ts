import type { Knex } from 'knex';
import type { Migration } from '../../ops/database/migrations.ts';
import { idempotencyMigrations } from './idempotency.ts';
import type { NonceKey } from './nonceKey.ts';
import { x402AnswerMigrations } from './x402Answers.ts';

/**
 * The x402 nonces this service has seen. A nonce is reserved while its request runs (so a concurrent replay
 * of the same header is refused), then either marked used (settled, or settlement attempted: it is never
 * served again) or released (the answer was not 2xx, nothing was settled, the client may send it again).
 */
export interface NonceStore {
  /** True when this call took the reservation; false when the nonce is in flight or already used. */
  reserve(key: NonceKey, requestId: string): Promise<boolean>;
  markSettled(key: NonceKey, transaction: string): Promise<void>;
  markFailed(key: NonceKey, reason: string): Promise<void>;
  release(key: NonceKey): Promise<void>;
}

export const paymentMigrations: Migration[] = [
  {
    name: '0300_payment_x402_nonces',
    async up(knex) {
      await knex.raw(`
        create table x402_nonces (
          asset text not null,
          payer text not null,
          nonce text not null,
          state text not null check (state in ('reserved', 'settled', 'failed')),
          request_id text not null,
          reserved_at timestamptz not null default now(),
          finished_at timestamptz,
          transaction text,
          failure text,
          primary key (asset, payer, nonce)
        )`);
    },
  },
  ...x402AnswerMigrations,
  ...idempotencyMigrations,
];

const norm = (k: NonceKey) => [k.asset.toLowerCase(), k.payer.toLowerCase(), k.nonce.toLowerCase()];

export function createNonceStore(knex: Knex): NonceStore {
  return {
    async reserve(key, requestId) {
      // One statement: the primary key decides between two concurrent replays, on any number of servers.
      const { rows } = await knex.raw<{ rows: unknown[] }>(
        `insert into x402_nonces (asset, payer, nonce, state, request_id)
         values (?, ?, ?, 'reserved', ?) on conflict do nothing returning nonce`,
        [...norm(key), requestId],
      );
      return rows.length === 1;
    },
    async markSettled(key, transaction) {
      await knex.raw(
        `update x402_nonces set state = 'settled', finished_at = now(), transaction = ?
         where asset = ? and payer = ? and nonce = ?`,
        [transaction, ...norm(key)],
      );
    },
    async markFailed(key, reason) {
      await knex.raw(
        `update x402_nonces set state = 'failed', finished_at = now(), failure = ?
         where asset = ? and payer = ? and nonce = ?`,
        [reason, ...norm(key)],
      );
    },
    async release(key) {
      await knex.raw(
        `delete from x402_nonces where asset = ? and payer = ? and nonce = ? and state = 'reserved'`,
        norm(key),
      );
    },
  };
}
