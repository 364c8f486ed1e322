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

/** What a run of account events changes, gathered before it is written in one statement per table. */
interface AccountRunChanges {
  accounts: Map<string, { version: string; opened_at: Date }>;
  keys: unknown[];
  revoked: unknown[];
  lots: unknown[];
  drawn: Map<string, { account_id: string; lot_id: string; amount: number }>;
  free: Map<string, { account_id: string; month: string; used: number }>;
  // Leases: opened, charged and returned within the run are applied in that order whatever the events' order
  // (a charge on a returned lease changes only the balance, and a returned lease's row is gone).
  leased: unknown[];
  leaseSpent: Map<string, { account_id: string; lease_id: string; amount: number }>;
  returned: { account_id: string; lease_id: string }[];
  /** Calls and credits per account and day (the account page's charts). */
  usage: ReturnType<typeof dailyUsageTally>;
}

/** Adds `n` to `member` of the sum kept under `key`, starting from `start` the first time. */
function addToSum<S, K extends keyof S>(sums: Map<string, S>, key: string, start: S, member: K, n: number) {
  const sum = sums.get(key) ?? start;
  sum[member] = ((sum[member] as number) + n) as S[K];
  sums.set(key, sum);
}

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
  const changes: AccountRunChanges = {
    accounts: new Map(),
    keys: [],
    revoked: [],
    lots: [],
    drawn: new Map(),
    free: new Map(),
    leased: [],
    leaseSpent: new Map(),
    returned: [],
    usage: dailyUsageTally(),
  };
  for (const event of accountEvents) {
    const accountId = accountIdOf(event.streamId);
    const last = applied.get(accountId);
    if (last !== undefined && event.streamVersion <= last) continue;
    applied.set(accountId, event.streamVersion);
    const opened = changes.accounts.get(accountId)?.opened_at ?? event.recordedAt;
    changes.accounts.set(accountId, { version: event.streamVersion.toString(), opened_at: opened });
    gatherAccountEvent(changes, accountId, event);
  }
  if (changes.accounts.size === 0) return;
  await writeAccountRun(trx, changes);
}

/** What one event not yet applied adds to the run's changes. */
function gatherAccountEvent(changes: AccountRunChanges, accountId: string, event: RecordedEvent): void {
  if (event.type === 'KeyIssued') {
    const d = event.data as KeyIssuedData;
    changes.keys.push({
      key_hash: d.keyHash,
      account_id: accountId,
      key_hint: d.keyHint,
      issued_at: d.issuedAt,
    });
  } else if (event.type === 'KeyRevoked') {
    const d = event.data as KeyRevokedData;
    changes.revoked.push({ key_hash: d.keyHash, account_id: accountId, revoked_at: d.revokedAt });
  } else if (event.type === 'CreditsPurchased') {
    const {
      lotId: lot_id,
      amount,
      purchasedAt: purchased_at,
      expiresAt: expires_at,
    } = event.data as CreditsPurchasedData;
    changes.lots.push({ account_id: accountId, lot_id, amount, purchased_at, expires_at });
  } else if (event.type === 'CallCharged' || event.type === 'CallsCharged') {
    const { calls, leaseId } = chargesOf(event)!;
    for (const call of calls) changes.usage.count(accountId, call.chargedAt, call.amount, false);
    const { amount, byLot } = chargeTotals(calls);
    for (const [lotId, lotAmount] of byLot) {
      const start = { account_id: accountId, lot_id: lotId, amount: 0 };
      addToSum(changes.drawn, `${accountId}\u0000${lotId}`, start, 'amount', lotAmount);
    }
    if (leaseId !== undefined) {
      const start = { account_id: accountId, lease_id: leaseId, amount: 0 };
      addToSum(changes.leaseSpent, `${accountId}\u0000${leaseId}`, start, 'amount', amount);
    }
  } else if (event.type === 'CreditsLeased') {
    const {
      leaseId: lease_id,
      holder,
      amount,
      leasedAt: leased_at,
      expiresAt: expires_at,
    } = event.data as CreditsLeasedData;
    changes.leased.push({ account_id: accountId, lease_id, holder, amount, leased_at, expires_at });
  } else if (event.type === 'LeaseReturned') {
    changes.returned.push({ account_id: accountId, lease_id: (event.data as LeaseReturnedData).leaseId });
  } else if (event.type === 'FreeCallUsed') {
    const { month, usedAt } = event.data as FreeCallUsedData;
    changes.usage.count(accountId, usedAt, 0, true);
    addToSum(
      changes.free,
      `${accountId}\u0000${month}`,
      { account_id: accountId, month, used: 0 },
      'used',
      1,
    );
  }
}

/** Runs `sql` with the rows as its one JSON parameter, when there are any. */
async function writeRows(trx: Knex.Transaction, rows: readonly unknown[], sql: string): Promise<void> {
  if (rows.length > 0) await trx.raw(sql, [JSON.stringify(rows)]);
}

/** The run's changes, one statement per table, leases opened before they are charged and returned. */
async function writeAccountRun(trx: Knex.Transaction, c: AccountRunChanges): Promise<void> {
  await writeRows(
    trx,
    c.keys,
    `insert into account_keys (key_hash, account_id, key_hint, issued_at)
       select * from json_to_recordset(?::json) as r(key_hash text, account_id text, key_hint text, issued_at timestamptz)
       on conflict do nothing`,
  );
  await writeRows(
    trx,
    c.revoked,
    `update account_keys k set revoked_at = r.revoked_at
         from json_to_recordset(?::json) as r(key_hash text, account_id text, revoked_at timestamptz)
        where k.key_hash = r.key_hash and k.account_id = r.account_id and k.revoked_at is null`,
  );
  await writeRows(
    trx,
    c.lots,
    `insert into account_lots (account_id, lot_id, amount, remaining, purchased_at, expires_at)
       select account_id, lot_id, amount, amount, purchased_at, expires_at
         from json_to_recordset(?::json) as r(account_id text, lot_id text, amount bigint,
              purchased_at timestamptz, expires_at timestamptz)
       on conflict do nothing`,
  );
  await writeRows(
    trx,
    [...c.drawn.values()],
    `update account_lots l set remaining = l.remaining - d.amount
         from json_to_recordset(?::json) as d(account_id text, lot_id text, amount bigint)
        where l.account_id = d.account_id and l.lot_id = d.lot_id`,
  );
  await c.usage.add(trx);
  await writeRows(
    trx,
    [...c.free.values()],
    `insert into account_free_calls (account_id, month, used)
       select account_id, month, used from json_to_recordset(?::json) as r(account_id text, month text, used integer)
       on conflict (account_id, month) do update set used = account_free_calls.used + excluded.used`,
  );
  await writeRows(
    trx,
    c.leased,
    `insert into account_leases (account_id, lease_id, holder, amount, leased_at, expires_at)
       select * from json_to_recordset(?::json) as r(account_id text, lease_id text, holder text, amount bigint,
              leased_at timestamptz, expires_at timestamptz)
       on conflict do nothing`,
  );
  await writeRows(
    trx,
    [...c.leaseSpent.values()],
    `update account_leases s set spent = s.spent + d.amount
         from json_to_recordset(?::json) as d(account_id text, lease_id text, amount bigint)
        where s.account_id = d.account_id and s.lease_id = d.lease_id`,
  );
  await writeRows(
    trx,
    c.returned,
    `delete from account_leases s using json_to_recordset(?::json) as r(account_id text, lease_id text)
        where s.account_id = r.account_id and s.lease_id = r.lease_id`,
  );
  await writeRows(
    trx,
    [...c.accounts].map(([account_id, a]) => ({ account_id, ...a })),
    `insert into accounts (account_id, version, opened_at)
     select account_id, version, opened_at
       from json_to_recordset(?::json) as r(account_id text, version bigint, opened_at timestamptz)
     on conflict (account_id) do update set version = excluded.version where accounts.version < excluded.version`,
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
