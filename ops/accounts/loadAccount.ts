import type { Knex } from 'knex';
import type { EventStore } from '../eventstore/port.ts';
import { accountStream } from './accountEvents.ts';
import {
  type AccountKey,
  type AccountState,
  applyAccountEvent,
  type CreditLot,
  emptyAccountState,
  type OpenLease,
} from './accountState.ts';

interface SnapshotRow {
  version: string;
  keys: { keyHash: string; keyHint: string; issuedAt: string; revokedAt: string | null }[];
  lots: { lotId: string; amount: number; remaining: number; purchasedAt: string; expiresAt: string }[];
  free_calls: Record<string, number>;
  /** As json_build_object gives them: amounts and instants normalised below. */
  leases: OpenLease[];
}

/**
 * The account's current state: the balances projection as a snapshot (read in one statement, so it is one
 * consistent version), then the events of the stream after that version, folded. Exact even when the
 * projection lags or is not running. Null when the account has no event.
 */
export async function loadAccount(
  knex: Knex,
  store: EventStore,
  accountId: string,
): Promise<AccountState | null> {
  const snapshot = await readSnapshot(knex, accountId);
  let state = snapshot ?? emptyAccountState(accountId);
  const tail = await store.readStream(accountStream(accountId), { fromVersion: state.version + 1n });
  for (const event of tail) state = applyAccountEvent(state, event);
  return state.version < 0n ? null : state;
}

async function readSnapshot(knex: Knex, accountId: string): Promise<AccountState | null> {
  const { rows } = await knex.raw<{ rows: SnapshotRow[] }>(
    `select a.version,
       coalesce((select json_agg(json_build_object(
           'keyHash', k.key_hash, 'keyHint', k.key_hint, 'issuedAt', k.issued_at, 'revokedAt', k.revoked_at)
           order by k.issued_at, k.key_hash)
         from account_keys k where k.account_id = a.account_id), '[]'::json) as keys,
       coalesce((select json_agg(json_build_object(
           'lotId', l.lot_id, 'amount', l.amount, 'remaining', l.remaining,
           'purchasedAt', l.purchased_at, 'expiresAt', l.expires_at) order by l.purchased_at, l.lot_id)
         from account_lots l where l.account_id = a.account_id), '[]'::json) as lots,
       coalesce((select json_object_agg(f.month, f.used)
         from account_free_calls f where f.account_id = a.account_id), '{}'::json) as free_calls,
       coalesce((select json_agg(json_build_object(
           'leaseId', s.lease_id, 'holder', s.holder, 'amount', s.amount, 'spent', s.spent,
           'leasedAt', s.leased_at, 'expiresAt', s.expires_at) order by s.leased_at, s.lease_id)
         from account_leases s where s.account_id = a.account_id), '[]'::json) as leases
     from accounts a where a.account_id = ?`,
    [accountId],
  );
  const row = rows[0];
  if (!row) return null;
  const lots: CreditLot[] = row.lots.map((l) => ({
    lotId: l.lotId,
    amount: Number(l.amount),
    remaining: Number(l.remaining),
    purchasedAt: new Date(l.purchasedAt).toISOString(),
    expiresAt: new Date(l.expiresAt).toISOString(),
  }));
  const keys: AccountKey[] = row.keys.map((k) => ({
    keyHash: k.keyHash,
    keyHint: k.keyHint,
    issuedAt: new Date(k.issuedAt).toISOString(),
    revokedAt: k.revokedAt === null ? null : new Date(k.revokedAt).toISOString(),
  }));
  const leases: OpenLease[] = row.leases.map((l) => ({
    leaseId: l.leaseId,
    holder: l.holder,
    amount: Number(l.amount),
    spent: Number(l.spent),
    leasedAt: new Date(l.leasedAt).toISOString(),
    expiresAt: new Date(l.expiresAt).toISOString(),
  }));
  return { accountId, version: BigInt(row.version), keys, lots, freeCalls: row.free_calls, leases };
}
