import { expect } from 'chai';
import { accountStream } from '../../../ops/accounts/accountEvents.ts';
import {
  type AccountLedger,
  type ChargeRequest,
  createAccountLedger,
} from '../../../ops/accounts/accountLedger.ts';
import { balanceOf, freeCallsUsed } from '../../../ops/accounts/accountState.ts';
import { loadAccount } from '../../../ops/accounts/loadAccount.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { purchaseCredits } from '../../../ops/accounts/purchaseCredits.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { statementsSent } from '../../support/statementsSent.ts';
import { type AccountsDatabase, openAccountsDatabase } from './support/accountsDatabase.ts';

describe(`account ledger (${targetDescription})`, () => {
  let accounts: AccountsDatabase;
  let clock = new Date('2025-06-30T23:59:00Z');
  const ledger = (freeCallsPerMonth = 150): AccountLedger =>
    createAccountLedger({
      knex: accounts.db.knex,
      store: accounts.store,
      logger: testLogger,
      freeCallsPerMonth,
      now: () => clock,
    });
  const charge = (accountId: string, over: Partial<ChargeRequest> = {}): ChargeRequest => ({
    accountId,
    routeId: 'test.liste',
    price: 20_000,
    freeTier: false,
    requestId: 'req',
    ...over,
  });
  const state = async (accountId: string) =>
    (await loadAccount(accounts.db.knex, accounts.store, accountId))!;

  before(async () => {
    accounts = await openAccountsDatabase();
  });
  after(async () => {
    await accounts?.close();
  });
  beforeEach(() => {
    clock = new Date('2025-06-30T23:59:00Z');
  });

  it('records a committed charge with the lots it drew, closest expiry first', async () => {
    const { accountId } = await openAccount(accounts.store, {
      credits: 10_000,
      now: new Date('2024-07-01T00:00:00Z'),
    });
    await purchaseCredits(accounts.store, accountId, 1_000_000, { now: new Date('2025-06-01T00:00:00Z') });
    const l = ledger();
    const r = await l.reserve(charge(accountId));
    if (!r.ok) throw new Error(r.error);
    const c = await l.commit(r.reservation);
    expect(c).to.deep.include({ ok: true, charged: 20_000, remaining: 990_000 });
    const [charged] = (await accounts.store.readStream(accountStream(accountId))).filter(
      (e) => e.type === 'CallCharged',
    );
    const lots = (charged!.data as { lots: { amount: number }[] }).lots.map((x) => x.amount);
    expect(lots).to.deep.equal([10_000, 10_000]);
  });

  it('records nothing for a released reservation and frees what it held', async () => {
    const { accountId } = await openAccount(accounts.store, { credits: 20_000 });
    const l = ledger();
    const r = await l.reserve(charge(accountId));
    if (!r.ok) throw new Error(r.error);
    expect((await l.reserve(charge(accountId))).ok).to.equal(false);
    l.release(r.reservation);
    expect((await l.reserve(charge(accountId))).ok).to.equal(true);
    expect(await accounts.store.streamVersion(accountStream(accountId))).to.equal(1n);
  });

  it('counts free calls per UTC calendar month and starts again on the 1st', async () => {
    const { accountId } = await openAccount(accounts.store, {});
    const l = ledger(1);
    const first = await l.reserve(charge(accountId, { freeTier: true }));
    if (!first.ok) throw new Error(first.error);
    await l.commit(first.reservation);
    expect(await l.reserve(charge(accountId, { freeTier: true }))).to.deep.include({
      ok: false,
      error: 'credits_insuffisants',
    });
    clock = new Date('2025-07-01T00:00:00Z');
    const next = await l.reserve(charge(accountId, { freeTier: true }));
    if (!next.ok) throw new Error(next.error);
    await l.commit(next.reservation);
    const s = await state(accountId);
    expect([freeCallsUsed(s, '2025-06'), freeCallsUsed(s, '2025-07')]).to.deep.equal([1, 1]);
  });

  it('retries a charge whose append met a purchase made between its read and its write', async () => {
    const { accountId } = await openAccount(accounts.store, { credits: 20_000 });
    let injected = false;
    // A store whose first append lands a purchase just before, as `keys credit` from another process would.
    const racingStore = {
      ...accounts.store,
      async append(...args: Parameters<typeof accounts.store.append>) {
        if (!injected) {
          injected = true;
          await purchaseCredits(accounts.store, accountId, 1_000_000);
        }
        return accounts.store.append(...args);
      },
    };
    const l = createAccountLedger({
      knex: accounts.db.knex,
      store: racingStore,
      logger: testLogger,
      freeCallsPerMonth: 150,
      now: () => clock,
    });
    const r = await l.reserve(charge(accountId));
    if (!r.ok) throw new Error(r.error);
    expect(await l.commit(r.reservation)).to.deep.include({ ok: true, remaining: 1_000_000 });
    const types = (await accounts.store.readStream(accountStream(accountId))).map((e) => e.type);
    expect(types).to.deep.equal(['KeyIssued', 'CreditsPurchased', 'CreditsPurchased', 'CallCharged']);
  });

  it('refuses the second of two servers drawing the same last credits, so the balance never goes negative', async () => {
    const { accountId } = await openAccount(accounts.store, { credits: 20_000 });
    const serverA = ledger();
    const serverB = ledger();
    const a = await serverA.reserve(charge(accountId));
    const b = await serverB.reserve(charge(accountId));
    if (!a.ok || !b.ok) throw new Error('both servers see the balance');
    expect((await serverA.commit(a.reservation)).ok).to.equal(true);
    expect(await serverB.commit(b.reservation)).to.deep.include({ ok: false, error: 'credits_insuffisants' });
    expect(balanceOf(await state(accountId), clock)).to.equal(0);
  });

  it('confirms refusals that arrive together with one read of the account, not one each in turn', async () => {
    const { accountId } = await openAccount(accounts.store, {});
    const l = ledger(1);
    const used = await l.reserve(charge(accountId, { freeTier: true }));
    if (!used.ok) throw new Error(used.error);
    await l.commit(used.reservation);
    const { result, statements } = await statementsSent(
      accounts.db.knex,
      (sql) => sql.includes('from accounts a where'),
      () => Promise.all(Array.from({ length: 60 }, () => l.reserve(charge(accountId, { freeTier: true })))),
    );
    expect(result.map((r) => r.ok)).to.deep.equal(Array(60).fill(false));
    expect(statements.length, 'reads of the account').to.be.at.most(2);
  });

  it('sees credits bought by another writer before a refused call arrived', async () => {
    const { accountId } = await openAccount(accounts.store, {});
    const l = ledger(0);
    expect((await l.reserve(charge(accountId))).ok).to.equal(false);
    await purchaseCredits(accounts.store, accountId, 20_000);
    expect((await l.reserve(charge(accountId))).ok).to.equal(true);
  });

  it('refuses an unknown account', async () => {
    expect(await ledger().reserve(charge('0000000000000000'))).to.deep.equal({
      ok: false,
      error: 'compte_inconnu',
    });
  });
});
