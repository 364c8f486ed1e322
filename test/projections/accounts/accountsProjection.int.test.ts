import { expect } from 'chai';
import { accountStream } from '../../../ops/accounts/accountEvents.ts';
import { createAccountLedger } from '../../../ops/accounts/accountLedger.ts';
import { applyAccountEvent, emptyAccountState } from '../../../ops/accounts/accountState.ts';
import { createKeyResolver } from '../../../ops/accounts/keyResolver.ts';
import { loadAccount } from '../../../ops/accounts/loadAccount.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { purchaseCredits } from '../../../ops/accounts/purchaseCredits.ts';
import { accountsProjection } from '../../../projections/accounts/accountsProjection.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { type AccountsDatabase, openAccountsDatabase } from '../../ops/accounts/support/accountsDatabase.ts';
import { targetDescription, testLogger } from '../../support/database.ts';

describe(`accounts projection (${targetDescription})`, () => {
  let accounts: AccountsDatabase;
  let accountId: string;
  let key: string;

  before(async () => {
    accounts = await openAccountsDatabase();
    ({ accountId, key } = await openAccount(accounts.store, { credits: 50_000 }));
    await purchaseCredits(accounts.store, accountId, 2_000_000);
    const ledger = createAccountLedger({
      knex: accounts.db.knex,
      store: accounts.store,
      logger: testLogger,
      freeCallsPerMonth: 1,
    });
    for (const freeTier of [true, true, false]) {
      const r = await ledger.reserve({ accountId, routeId: 'r', price: 30_000, freeTier, requestId: 'x' });
      if (!r.ok) throw new Error(r.error);
      await ledger.commit(r.reservation);
    }
    await accounts.project();
  });
  after(async () => {
    await accounts?.close();
  });

  const checksums = () =>
    Promise.all(accountsProjection.tables.map((t) => tableChecksum(accounts.db.knex, t)));

  it('finds the account of an issued key by its hash, and nothing for another key', async () => {
    const keys = createKeyResolver(accounts.db.knex);
    expect(await keys.resolve(key)).to.equal(accountId);
    expect(await keys.resolve(`${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`)).to.equal(null);
    const { rows } = await accounts.db.knex.raw<{ rows: { key_hash: string }[] }>(
      'select key_hash from account_keys',
    );
    expect(rows.map((r) => r.key_hash)).to.not.include(key);
  });

  it('holds the same state as folding the whole stream', async () => {
    const events = await accounts.store.readStream(accountStream(accountId));
    const folded = events.reduce(applyAccountEvent, emptyAccountState(accountId));
    const fromSnapshot = await loadAccount(accounts.db.knex, accounts.store, accountId);
    expect(fromSnapshot).to.deep.equal(folded);
    expect(fromSnapshot!.lots.map((l) => l.remaining)).to.deep.equal([0, 1_990_000]);
  });

  it('changes nothing when an event is applied a second time', async () => {
    const before = await checksums();
    const events = await accounts.store.readStream(accountStream(accountId));
    await accounts.db.knex.transaction(async (trx) => {
      for (const e of events) await accountsProjection.handlers[e.type]?.(trx, e);
    });
    expect(await checksums()).to.deep.equal(before);
  });

  it('rebuilds to the same tables from the log', async () => {
    const before = await checksums();
    await accounts.runner.rebuild(accountsProjection.name);
    expect(await checksums()).to.deep.equal(before);
  });
});
