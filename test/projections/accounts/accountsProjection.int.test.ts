import { expect } from 'chai';
import { type ChargeRequest, createAccountLedger } from '../../../ops/accounts/accountLedger.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { purchaseCredits } from '../../../ops/accounts/purchaseCredits.ts';
import { type AccountsDatabase, openAccountsDatabase } from '../../ops/accounts/support/accountsDatabase.ts';
import { targetDescription, testLogger } from '../../support/database.ts';

describe(`accounts projection, runs of charges (${targetDescription})`, () => {
  let accounts: AccountsDatabase;
  const clock = new Date('2025-06-15T12:00:00Z');
  const tables = async (accountId: string) => {
    const q = (sql: string) => accounts.db.knex.raw(sql, [accountId]).then((r) => r.rows);
    return {
      account: await q('select version::text from accounts where account_id = ?'),
      lots: await q(
        'select amount::text, remaining::text from account_lots where account_id = ? order by purchased_at',
      ),
      free: await q('select month, used from account_free_calls where account_id = ? order by month'),
      keys: await q('select key_hint from account_keys where account_id = ?'),
    };
  };

  before(async () => {
    accounts = await openAccountsDatabase();
  });
  after(async () => {
    await accounts?.close();
  });

  it('sums a run of free calls and charges into the lots, and a rebuild gives the same rows', async () => {
    const { accountId } = await openAccount(accounts.store, {
      credits: 100_000,
      now: new Date('2025-06-01T00:00:00Z'),
    });
    await purchaseCredits(accounts.store, accountId, 50_000, { now: new Date('2025-06-02T00:00:00Z') });
    const ledger = createAccountLedger({
      knex: accounts.db.knex,
      store: accounts.store,
      logger: testLogger,
      freeCallsPerMonth: 3,
      now: () => clock,
    });
    const request: ChargeRequest = {
      accountId,
      routeId: 'test',
      price: 20_000,
      freeTier: true,
      requestId: 'r',
    };
    // 3 free calls, then 6 charges of 20,000: 120,000 drawn from 150,000, the older lot first.
    for (let i = 0; i < 9; i++) {
      const held = await ledger.reserve({ ...request, requestId: `r${i}` });
      if (!held.ok) throw new Error(held.error);
      const done = await ledger.commit(held.reservation);
      if (!done.ok) throw new Error(done.error);
    }
    await accounts.project();
    const projected = await tables(accountId);
    expect(projected.free).to.deep.equal([{ month: '2025-06', used: 3 }]);
    expect(projected.lots).to.deep.equal([
      { amount: '100000', remaining: '0' },
      { amount: '50000', remaining: '30000' },
    ]);
    // Opening (key and credits), a purchase, then 9 calls: stream versions 0 to 11.
    expect(projected.account).to.deep.equal([{ version: '11' }]);
    expect(projected.keys).to.have.length(1);

    await accounts.runner.rebuild('accounts');
    expect(await tables(accountId)).to.deep.equal(projected);
  });
});
