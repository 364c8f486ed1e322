import type { Knex } from 'knex';
import {
  accountIdOf,
  type CallChargedData,
  type CreditsPurchasedData,
  type FreeCallUsedData,
  isAccountStream,
  type KeyIssuedData,
} from '../../ops/accounts/accountEvents.ts';
import type { RecordedEvent } from '../../ops/eventstore/port.ts';
import type { EventHandler, Projection } from '../core/projection.ts';
import { ACCOUNTS_TABLES, accountsMigrations } from './accountsSchema.ts';

/**
 * Moves the account's version forward to this event's; false when the event was already applied (a replay
 * changes nothing). The row's version is what the ledger's snapshot read starts from.
 */
async function advance(trx: Knex.Transaction, event: RecordedEvent): Promise<boolean> {
  const { rows } = await trx.raw<{ rows: unknown[] }>(
    `insert into accounts (account_id, version, opened_at) values (?, ?, ?)
     on conflict (account_id) do update set version = excluded.version where accounts.version < excluded.version
     returning account_id`,
    [accountIdOf(event.streamId), event.streamVersion.toString(), event.recordedAt],
  );
  return rows.length === 1;
}

/** Runs `apply` only for account streams, once per event. */
const once =
  <D>(apply: (trx: Knex.Transaction, accountId: string, data: D) => Promise<void>): EventHandler =>
  async (trx, event) => {
    if (!isAccountStream(event.streamId)) return;
    if (!(await advance(trx, event))) return;
    await apply(trx, accountIdOf(event.streamId), event.data as D);
  };

/** Keys (by hash), credit lots with what is left of them, and free calls per month, per account. */
export const accountsProjection: Projection = {
  name: 'accounts',
  registers: [],
  tables: ACCOUNTS_TABLES,
  migrations: accountsMigrations,
  handlers: {
    KeyIssued: once<KeyIssuedData>(async (trx, accountId, d) => {
      await trx.raw(
        'insert into account_keys (key_hash, account_id, key_hint, issued_at) values (?, ?, ?, ?) on conflict do nothing',
        [d.keyHash, accountId, d.keyHint, d.issuedAt],
      );
    }),
    CreditsPurchased: once<CreditsPurchasedData>(async (trx, accountId, d) => {
      await trx.raw(
        `insert into account_lots (account_id, lot_id, amount, remaining, purchased_at, expires_at)
         values (?, ?, ?, ?, ?, ?) on conflict do nothing`,
        [accountId, d.lotId, d.amount, d.amount, d.purchasedAt, d.expiresAt],
      );
    }),
    CallCharged: once<CallChargedData>(async (trx, accountId, d) => {
      for (const lot of d.lots) {
        await trx.raw(
          'update account_lots set remaining = remaining - ? where account_id = ? and lot_id = ?',
          [lot.amount, accountId, lot.lotId],
        );
      }
    }),
    FreeCallUsed: once<FreeCallUsedData>(async (trx, accountId, d) => {
      await trx.raw(
        `insert into account_free_calls (account_id, month, used) values (?, ?, 1)
         on conflict (account_id, month) do update set used = account_free_calls.used + 1`,
        [accountId, d.month],
      );
    }),
  },
};
