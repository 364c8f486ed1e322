import { expect } from 'chai';
import { issueKey, revokeKey } from '../../../ops/accounts/accountKeys.ts';
import { createAccountLedger } from '../../../ops/accounts/accountLedger.ts';
import { createKeyResolver } from '../../../ops/accounts/keyResolver.ts';
import { loadAccount } from '../../../ops/accounts/loadAccount.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { recentCalls } from '../../../ops/accounts/recentCalls.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { type AccountsDatabase, openAccountsDatabase } from './support/accountsDatabase.ts';

describe(`account keys: issue, revoke, resolve (${targetDescription})`, () => {
  let accounts: AccountsDatabase;
  before(async () => {
    accounts = await openAccountsDatabase();
  });
  after(() => accounts?.close());

  const revokedIn = async (accountId: string) =>
    (
      await accounts.db.knex.raw<{ rows: { key_hint: string; revoked: boolean }[] }>(
        'select key_hint, revoked_at is not null as revoked from account_keys where account_id = ? order by issued_at, key_hint',
        [accountId],
      )
    ).rows;

  it('a revoked key no longer resolves, in the projection or in a process that did not revoke it', async () => {
    const { accountId, key } = await openAccount(accounts.store);
    const second = await issueKey(accounts.store, accountId);
    if (!second.ok) throw new Error(second.error);
    await accounts.project();
    expect(await createKeyResolver(accounts.db.knex).resolve(second.issued.key)).to.equal(accountId);

    const revoked = await revokeKey(accounts.db.knex, accounts.store, accountId, second.issued.keyHash);
    expect(revoked).to.deep.equal({ ok: true, keyHint: second.issued.keyHint });
    await accounts.project();
    // Another process, once the key has left its cache (FOUND_KEY_TTL_MS): a fresh resolver.
    const elsewhere = createKeyResolver(accounts.db.knex);
    expect(await elsewhere.resolve(second.issued.key)).to.equal(null);
    expect(await elsewhere.resolve(key)).to.equal(accountId);
    expect((await revokedIn(accountId)).map((r) => r.revoked).sort()).to.deep.equal([false, true]);
  });

  it('a key revoked by this process stops resolving at once, before the projection has it', async () => {
    const { accountId } = await openAccount(accounts.store);
    const other = await issueKey(accounts.store, accountId);
    if (!other.ok) throw new Error(other.error);
    await accounts.project();
    const here = createKeyResolver(accounts.db.knex);
    expect(await here.resolve(other.issued.key)).to.equal(accountId);
    await revokeKey(accounts.db.knex, accounts.store, accountId, other.issued.keyHash);
    here.forget(other.issued.keyHash);
    expect(await here.resolve(other.issued.key)).to.equal(null);
  });

  it('never revokes the last active key, nor a key twice, nor another account’s key', async () => {
    const a = await openAccount(accounts.store);
    const b = await openAccount(accounts.store);
    const { knex } = accounts.db;
    expect(await revokeKey(knex, accounts.store, a.accountId, a.keyHash)).to.deep.equal({
      ok: false,
      error: 'derniere_cle',
    });
    expect(await revokeKey(knex, accounts.store, a.accountId, b.keyHash)).to.deep.equal({
      ok: false,
      error: 'cle_inconnue',
    });
    const extra = await issueKey(accounts.store, a.accountId);
    if (!extra.ok) throw new Error(extra.error);
    expect((await revokeKey(knex, accounts.store, a.accountId, a.keyHash)).ok).to.equal(true);
    expect(await revokeKey(knex, accounts.store, a.accountId, a.keyHash)).to.deep.equal({
      ok: false,
      error: 'cle_deja_revoquee',
    });
  });

  it('two revocations at once leave one active key, never none', async () => {
    const { accountId, keyHash } = await openAccount(accounts.store);
    const other = await issueKey(accounts.store, accountId);
    if (!other.ok) throw new Error(other.error);
    const { knex } = accounts.db;
    const results = await Promise.all([
      revokeKey(knex, accounts.store, accountId, keyHash),
      revokeKey(knex, accounts.store, accountId, other.issued.keyHash),
    ]);
    expect(results.filter((r) => r.ok)).to.have.length(1);
    expect(results.filter((r) => !r.ok)).to.deep.equal([{ ok: false, error: 'derniere_cle' }]);
    const state = await loadAccount(knex, accounts.store, accountId);
    expect(state!.keys.filter((k) => k.revokedAt === null)).to.have.length(1);
  });

  it('a rebuilt projection gives the same keys, revoked or not, as the one kept up to date', async () => {
    const { accountId } = await openAccount(accounts.store);
    const other = await issueKey(accounts.store, accountId);
    if (!other.ok) throw new Error(other.error);
    await revokeKey(accounts.db.knex, accounts.store, accountId, other.issued.keyHash);
    await accounts.project();
    const kept = await revokedIn(accountId);
    await accounts.runner.rebuild('accounts');
    expect(await revokedIn(accountId)).to.deep.equal(kept);
    expect(kept.map((r) => r.revoked).sort()).to.deep.equal([false, true]);
  });

  it('lists the account’s charged calls newest first, with their price and status', async () => {
    const { accountId } = await openAccount(accounts.store, { credits: 1_000_000 });
    const ledger = createAccountLedger({
      knex: accounts.db.knex,
      store: accounts.store,
      logger: testLogger,
      freeCallsPerMonth: 1,
    });
    for (const [i, routeId] of ['premier', 'second'].entries()) {
      const held = await ledger.reserve({
        accountId,
        routeId,
        price: 5_000,
        freeTier: true,
        requestId: `q${i}`,
      });
      if (!held.ok) throw new Error(held.error);
      await ledger.commit(held.reservation, 200);
    }
    // The paid call was served from a lease: its charge is appended with the next batch.
    await ledger.close();
    const calls = await recentCalls(accounts.store, accountId);
    expect(calls.map((c) => [c.routeId, c.free, c.price, c.status])).to.deep.equal([
      ['second', false, 5_000, 200],
      ['premier', true, 0, 200],
    ]);
    expect(await recentCalls(accounts.store, accountId, { limit: 1 })).to.have.length(1);
  });
});
