import type { Knex } from 'knex';
import {
  accountIdOf,
  type CallChargedData,
  type CallsChargedData,
  type CreditsLeasedData,
  type CreditsPurchasedData,
  chargesOf,
  chargeTotals,
  type FreeCallUsedData,
  isAccountStream,
  type KeyIssuedData,
  type KeyRevokedData,
  type LeasedCall,
  type LeaseReturnedData,
} from '../../ops/accounts/accountEvents.ts';
import type { RecordedEvent } from '../../ops/eventstore/port.ts';
import type { EventHandler, Projection } from '../core/projection.ts';
import { ACCOUNTS_TABLES, accountsMigrations } from './accountsSchema.ts';
import { dailyUsageTally } from './dailyUsage.ts';

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

/** Charges drawn on their lots, summed per lot, and what they spent of their lease. */
async function applyCharges(
  trx: Knex.Transaction,
  accountId: string,
  calls: readonly LeasedCall[],
  leaseId: string | undefined,
): Promise<void> {
  const { amount, byLot } = chargeTotals(calls);
  const usage = dailyUsageTally();
  for (const call of calls) usage.count(accountId, call.chargedAt, call.amount, false);
  await usage.add(trx);
  for (const [lotId, lotAmount] of byLot) {
    await trx.raw('update account_lots set remaining = remaining - ? where account_id = ? and lot_id = ?', [
      lotAmount,
      accountId,
      lotId,
    ]);
  }
  if (leaseId !== undefined) {
    await trx.raw('update account_leases set spent = spent + ? where account_id = ? and lease_id = ?', [
      amount,
      accountId,
      leaseId,
    ]);
  }
}

/** Runs `apply` only for account streams, once per event. */
const once =
  <D>(apply: (trx: Knex.Transaction, accountId: string, data: D) => Promise<void>): EventHandler =>
  async (trx, event) => {
    if (!isAccountStream(event.streamId)) return;
    if (!(await advance(trx, event))) return;
    await apply(trx, accountIdOf(event.streamId), event.data as D);
  };

/**
 * A run of account events in a few statements: the stored versions are read once, the events each account
 * has not applied yet are kept (same rule as `advance`), then keys and lots are inserted, the charges summed
 * per lot and the free calls per month, and every account moved to its last version. Paid calls make a
 * charge event each: one statement per event was most of the projection's work under load.
 */
async function applyAccountRun(trx: Knex.Transaction, events: readonly RecordedEvent[]): Promise<void> {
  const accountEvents = events.filter((e) => isAccountStream(e.streamId));
  if (accountEvents.length === 0) return;
  const ids = [...new Set(accountEvents.map((e) => accountIdOf(e.streamId)))];
  const { rows: stored } = await trx.raw<{ rows: { account_id: string; version: string }[] }>(
    'select account_id, version from accounts where account_id = any(?::text[])',
    [ids],
  );
  const applied = new Map(stored.map((r) => [r.account_id, BigInt(r.version)]));
  const accounts = new Map<string, { version: string; opened_at: Date }>();
  const keys: unknown[] = [];
  const revoked: unknown[] = [];
  const lots: unknown[] = [];
  const drawn = new Map<string, { account_id: string; lot_id: string; amount: number }>();
  const free = new Map<string, { account_id: string; month: string; used: number }>();
  const usage = dailyUsageTally();
  // Leases: opened, charged and returned within the run are applied in that order whatever the events' order
  // (a charge on a returned lease changes only the balance, and a returned lease's row is gone).
  const leased: unknown[] = [];
  const leaseSpent = new Map<string, { account_id: string; lease_id: string; amount: number }>();
  const returned: { account_id: string; lease_id: string }[] = [];
  for (const event of accountEvents) {
    const accountId = accountIdOf(event.streamId);
    const last = applied.get(accountId);
    if (last !== undefined && event.streamVersion <= last) continue;
    applied.set(accountId, event.streamVersion);
    const opened = accounts.get(accountId)?.opened_at ?? event.recordedAt;
    accounts.set(accountId, { version: event.streamVersion.toString(), opened_at: opened });
    if (event.type === 'KeyIssued') {
      const d = event.data as KeyIssuedData;
      keys.push({ key_hash: d.keyHash, account_id: accountId, key_hint: d.keyHint, issued_at: d.issuedAt });
    } else if (event.type === 'KeyRevoked') {
      const d = event.data as KeyRevokedData;
      revoked.push({ key_hash: d.keyHash, account_id: accountId, revoked_at: d.revokedAt });
    } else if (event.type === 'CreditsPurchased') {
      const d = event.data as CreditsPurchasedData;
      lots.push({
        account_id: accountId,
        lot_id: d.lotId,
        amount: d.amount,
        purchased_at: d.purchasedAt,
        expires_at: d.expiresAt,
      });
    } else if (event.type === 'CallCharged' || event.type === 'CallsCharged') {
      const { calls, leaseId } = chargesOf(event)!;
      for (const call of calls) usage.count(accountId, call.chargedAt, call.amount, false);
      const { amount, byLot } = chargeTotals(calls);
      for (const [lotId, lotAmount] of byLot) {
        const k = `${accountId}\u0000${lotId}`;
        const sum = drawn.get(k) ?? { account_id: accountId, lot_id: lotId, amount: 0 };
        sum.amount += lotAmount;
        drawn.set(k, sum);
      }
      if (leaseId !== undefined) {
        const k = `${accountId}\u0000${leaseId}`;
        const sum = leaseSpent.get(k) ?? { account_id: accountId, lease_id: leaseId, amount: 0 };
        sum.amount += amount;
        leaseSpent.set(k, sum);
      }
    } else if (event.type === 'CreditsLeased') {
      const d = event.data as CreditsLeasedData;
      leased.push({
        account_id: accountId,
        lease_id: d.leaseId,
        holder: d.holder,
        amount: d.amount,
        leased_at: d.leasedAt,
        expires_at: d.expiresAt,
      });
    } else if (event.type === 'LeaseReturned') {
      returned.push({ account_id: accountId, lease_id: (event.data as LeaseReturnedData).leaseId });
    } else if (event.type === 'FreeCallUsed') {
      const { month, usedAt } = event.data as FreeCallUsedData;
      usage.count(accountId, usedAt, 0, true);
      const k = `${accountId}\u0000${month}`;
      const sum = free.get(k) ?? { account_id: accountId, month, used: 0 };
      sum.used += 1;
      free.set(k, sum);
    }
  }
  if (accounts.size === 0) return;
  if (keys.length > 0) {
    await trx.raw(
      `insert into account_keys (key_hash, account_id, key_hint, issued_at)
       select * from json_to_recordset(?::json) as r(key_hash text, account_id text, key_hint text, issued_at timestamptz)
       on conflict do nothing`,
      [JSON.stringify(keys)],
    );
  }
  if (revoked.length > 0) {
    await trx.raw(
      `update account_keys k set revoked_at = r.revoked_at
         from json_to_recordset(?::json) as r(key_hash text, account_id text, revoked_at timestamptz)
        where k.key_hash = r.key_hash and k.account_id = r.account_id and k.revoked_at is null`,
      [JSON.stringify(revoked)],
    );
  }
  if (lots.length > 0) {
    await trx.raw(
      `insert into account_lots (account_id, lot_id, amount, remaining, purchased_at, expires_at)
       select account_id, lot_id, amount, amount, purchased_at, expires_at
         from json_to_recordset(?::json) as r(account_id text, lot_id text, amount bigint,
              purchased_at timestamptz, expires_at timestamptz)
       on conflict do nothing`,
      [JSON.stringify(lots)],
    );
  }
  if (drawn.size > 0) {
    await trx.raw(
      `update account_lots l set remaining = l.remaining - d.amount
         from json_to_recordset(?::json) as d(account_id text, lot_id text, amount bigint)
        where l.account_id = d.account_id and l.lot_id = d.lot_id`,
      [JSON.stringify([...drawn.values()])],
    );
  }
  await usage.add(trx);
  if (free.size > 0) {
    await trx.raw(
      `insert into account_free_calls (account_id, month, used)
       select account_id, month, used from json_to_recordset(?::json) as r(account_id text, month text, used integer)
       on conflict (account_id, month) do update set used = account_free_calls.used + excluded.used`,
      [JSON.stringify([...free.values()])],
    );
  }
  if (leased.length > 0) {
    await trx.raw(
      `insert into account_leases (account_id, lease_id, holder, amount, leased_at, expires_at)
       select * from json_to_recordset(?::json) as r(account_id text, lease_id text, holder text, amount bigint,
              leased_at timestamptz, expires_at timestamptz)
       on conflict do nothing`,
      [JSON.stringify(leased)],
    );
  }
  if (leaseSpent.size > 0) {
    await trx.raw(
      `update account_leases s set spent = s.spent + d.amount
         from json_to_recordset(?::json) as d(account_id text, lease_id text, amount bigint)
        where s.account_id = d.account_id and s.lease_id = d.lease_id`,
      [JSON.stringify([...leaseSpent.values()])],
    );
  }
  if (returned.length > 0) {
    await trx.raw(
      `delete from account_leases s using json_to_recordset(?::json) as r(account_id text, lease_id text)
        where s.account_id = r.account_id and s.lease_id = r.lease_id`,
      [JSON.stringify(returned)],
    );
  }
  await trx.raw(
    `insert into accounts (account_id, version, opened_at)
     select account_id, version, opened_at
       from json_to_recordset(?::json) as r(account_id text, version bigint, opened_at timestamptz)
     on conflict (account_id) do update set version = excluded.version where accounts.version < excluded.version`,
    [JSON.stringify([...accounts].map(([account_id, a]) => ({ account_id, ...a })))],
  );
}

/** Keys (by hash, revoked or not), credit lots with what is left of them, and free calls per month, per account. */
export const accountsProjection: Projection = {
  name: 'accounts',
  registers: [],
  tables: ACCOUNTS_TABLES,
  migrations: accountsMigrations,
  // Every paid call appends a charge, and nothing reads its effect back from these tables at once
  // (`loadAccount` folds the stream's tail over them): charges are projected a 100 ms batch at a time
  // instead of one transaction per group commit. Keys and purchases are projected at once.
  coalesce: {
    ms: 100,
    types: ['CallCharged', 'CallsCharged', 'FreeCallUsed', 'CreditsLeased', 'LeaseReturned'],
  },
  handlers: {
    KeyIssued: once<KeyIssuedData>(async (trx, accountId, d) => {
      await trx.raw(
        'insert into account_keys (key_hash, account_id, key_hint, issued_at) values (?, ?, ?, ?) on conflict do nothing',
        [d.keyHash, accountId, d.keyHint, d.issuedAt],
      );
    }),
    KeyRevoked: once<KeyRevokedData>(async (trx, accountId, d) => {
      await trx.raw(
        'update account_keys set revoked_at = ? where key_hash = ? and account_id = ? and revoked_at is null',
        [d.revokedAt, d.keyHash, accountId],
      );
    }),
    CreditsPurchased: once<CreditsPurchasedData>(async (trx, accountId, d) => {
      await trx.raw(
        `insert into account_lots (account_id, lot_id, amount, remaining, purchased_at, expires_at)
         values (?, ?, ?, ?, ?, ?) on conflict do nothing`,
        [accountId, d.lotId, d.amount, d.amount, d.purchasedAt, d.expiresAt],
      );
    }),
    CallCharged: once<CallChargedData>((trx, accountId, d) => applyCharges(trx, accountId, [d], d.leaseId)),
    CallsCharged: once<CallsChargedData>((trx, accountId, d) =>
      applyCharges(trx, accountId, d.calls, d.leaseId),
    ),
    CreditsLeased: once<CreditsLeasedData>(async (trx, accountId, d) => {
      await trx.raw(
        `insert into account_leases (account_id, lease_id, holder, amount, leased_at, expires_at)
         values (?, ?, ?, ?, ?, ?) on conflict do nothing`,
        [accountId, d.leaseId, d.holder, d.amount, d.leasedAt, d.expiresAt],
      );
    }),
    LeaseReturned: once<LeaseReturnedData>(async (trx, accountId, d) => {
      await trx.raw('delete from account_leases where account_id = ? and lease_id = ?', [
        accountId,
        d.leaseId,
      ]);
    }),
    FreeCallUsed: once<FreeCallUsedData>(async (trx, accountId, d) => {
      const usage = dailyUsageTally();
      usage.count(accountId, d.usedAt, 0, true);
      await usage.add(trx);
      await trx.raw(
        `insert into account_free_calls (account_id, month, used) values (?, ?, 1)
         on conflict (account_id, month) do update set used = account_free_calls.used + 1`,
        [accountId, d.month],
      );
    }),
  },
  handleRun: applyAccountRun,
};
