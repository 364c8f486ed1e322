import { expect } from 'chai';
import {
  accountStream,
  type CreditsLeasedData,
  chargesIn,
  type LeaseReturnedData,
} from '../../../ops/accounts/accountEvents.ts';
import {
  type AccountLedger,
  type ChargeRequest,
  createAccountLedger,
} from '../../../ops/accounts/accountLedger.ts';
import {
  applyAccountEvent,
  balanceOf,
  emptyAccountState,
  unleasedBalanceOf,
} from '../../../ops/accounts/accountState.ts';
import type { LeasePolicy } from '../../../ops/accounts/creditLeases.ts';
import { loadAccount } from '../../../ops/accounts/loadAccount.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { recentCalls } from '../../../ops/accounts/recentCalls.ts';
import type { RecordedEvent } from '../../../ops/eventstore/port.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { type AccountsDatabase, openAccountsDatabase } from './support/accountsDatabase.ts';

const PRICE = 20_000;
/** 100 calls of PRICE. */
const CREDITS = 100 * PRICE;
/** Leases of half of what no lease sets aside; never recorded on a timer during a test (flush does it). */
const POLICY: Partial<LeasePolicy> = {
  minCalls: 4,
  maxCalls: 1000,
  share: 0.5,
  spendMs: 5_000,
  ttlMs: 15_000,
  idleMs: 60_000,
  recordMs: 60_000,
  recordBatch: 10_000,
};

describe(`account ledger with leases (${targetDescription})`, () => {
  let accounts: AccountsDatabase;
  let clock = new Date('2025-06-15T12:00:00Z');
  const open: AccountLedger[] = [];
  const ledger = (lease: Partial<LeasePolicy> | false = POLICY): AccountLedger => {
    const l = createAccountLedger({
      knex: accounts.db.knex,
      store: accounts.store,
      logger: testLogger,
      freeCallsPerMonth: 0,
      now: () => clock,
      lease,
    });
    open.push(l);
    return l;
  };
  let requests = 0;
  const charge = (accountId: string): ChargeRequest => ({
    accountId,
    routeId: 'test.profil',
    price: PRICE,
    freeTier: false,
    requestId: `req-${++requests}`,
  });
  /** Reserves and commits `n` calls one after the other; how many were served. */
  const serve = async (l: AccountLedger, accountId: string, n: number) => {
    let served = 0;
    for (let i = 0; i < n; i++) {
      const r = await l.reserve(charge(accountId));
      if (!r.ok) break;
      const c = await l.commit(r.reservation, 200);
      if (c.ok) served++;
    }
    return served;
  };
  const events = (accountId: string) => accounts.store.readStream(accountStream(accountId));
  const ofType = async (accountId: string, type: string) =>
    (await events(accountId)).filter((e) => e.type === type);
  /** The charges recorded on the account, one per call, whichever event holds them. */
  const charged = async (accountId: string) => chargesIn(await events(accountId));
  const fold = (accountId: string, log: RecordedEvent[]) =>
    log.reduce((s, e) => applyAccountEvent(s, e), emptyAccountState(accountId));

  before(async () => {
    accounts = await openAccountsDatabase();
  });
  after(async () => {
    await accounts?.close();
  });
  beforeEach(() => {
    clock = new Date('2025-06-15T12:00:00Z');
  });
  afterEach(async () => {
    // A ledger a test left open stands for a stopped process; closed here so that no timer outlives the test.
    for (const l of open.splice(0)) await l.close().catch(() => {});
  });

  it('sets part of the balance aside once, then answers without appending before the answer', async () => {
    const { accountId } = await openAccount(accounts.store, { credits: CREDITS });
    const l = ledger();
    expect(await serve(l, accountId, 10)).to.equal(10);
    const leased = await ofType(accountId, 'CreditsLeased');
    expect(leased).to.have.length(1);
    expect((leased[0]!.data as CreditsLeasedData).amount).to.equal(50 * PRICE);
    expect(await charged(accountId)).to.have.length(0);
  });

  it('says the balance less the calls it answered in X-Credits-Remaining before they are appended', async () => {
    const { accountId } = await openAccount(accounts.store, { credits: CREDITS });
    const l = ledger();
    const r = await l.reserve(charge(accountId));
    if (!r.ok) throw new Error(r.error);
    expect(await l.commit(r.reservation, 200)).to.deep.include({
      ok: true,
      charged: PRICE,
      remaining: 99 * PRICE,
    });
    expect(await l.balance(accountId)).to.equal(99 * PRICE);
  });

  it('appends the charges of the calls it answered in one batch, each once, then returns what it did not spend', async () => {
    const { accountId } = await openAccount(accounts.store, { credits: CREDITS });
    const l = ledger();
    await serve(l, accountId, 12);
    await l.flush();
    const log = await events(accountId);
    const charges = chargesIn(log);
    expect(charges).to.have.length(12);
    expect(new Set(charges.map((c) => c.requestId)).size).to.equal(12);
    const leaseId = (log.find((e) => e.type === 'CreditsLeased')!.data as CreditsLeasedData).leaseId;
    expect(charges.every((c) => c.leaseId === leaseId)).to.equal(true);
    // One event for the batch, not one per call.
    expect(log.filter((e) => e.type === 'CallsCharged')).to.have.length(1);
    expect(log.filter((e) => e.type === 'CallCharged')).to.have.length(0);
    expect(log.at(-1)!.type).to.equal('LeaseReturned');
    const state = fold(accountId, log);
    expect(state.leases).to.deep.equal([]);
    expect(balanceOf(state, clock)).to.equal(88 * PRICE);
  });

  it('lists the calls of a batch among the account’s recent calls, newest first', async () => {
    const { accountId } = await openAccount(accounts.store, { credits: CREDITS });
    const l = ledger();
    const answered: string[] = [];
    for (let i = 0; i < 5; i++) {
      const request = charge(accountId);
      const r = await l.reserve(request);
      if (!r.ok) throw new Error(r.error);
      await l.commit(r.reservation, 200);
      answered.push(request.requestId);
    }
    await l.flush();
    const calls = await recentCalls(accounts.store, accountId, { limit: 3 });
    expect(calls.map((c) => c.requestId)).to.deep.equal(answered.slice(-3).reverse());
    expect(calls.every((c) => c.price === PRICE && !c.free && c.status === 200)).to.equal(true);
  });

  it('records the charge of a leased call at the time of its answer', async () => {
    const { accountId } = await openAccount(accounts.store, { credits: CREDITS });
    const l = ledger();
    const answeredAt = clock.toISOString();
    await serve(l, accountId, 1);
    clock = new Date(clock.getTime() + 3_000);
    await l.flush();
    const [first] = await charged(accountId);
    expect(first!.chargedAt).to.equal(answeredAt);
  });

  it('appends the charge of a lease’s last call before the lease goes back', async () => {
    const { accountId } = await openAccount(accounts.store, { credits: CREDITS });
    const l = ledger();
    // The lease covers 50 calls: the 50th spends it and sends it back.
    expect(await serve(l, accountId, 50)).to.equal(50);
    await l.flush();
    const log = await events(accountId);
    const returnedAt = log.findIndex((e) => e.type === 'LeaseReturned');
    expect(chargesIn(log)).to.have.length(50);
    expect(chargesIn(log.slice(0, returnedAt))).to.have.length(50);
  });

  it('takes a new lease when the first is spent, and never serves more than the balance', async () => {
    const { accountId } = await openAccount(accounts.store, { credits: CREDITS });
    const l = ledger();
    expect(await serve(l, accountId, 150)).to.equal(100);
    await l.flush();
    const state = fold(accountId, await events(accountId));
    expect(balanceOf(state, clock)).to.equal(0);
    expect(state.lots.every((lot) => lot.remaining >= 0)).to.equal(true);
    expect(await charged(accountId)).to.have.length(100);
    expect((await ofType(accountId, 'CreditsLeased')).length).to.be.greaterThan(1);
  });

  it('another server counts a lease as spent, and its refusal waits until the lease is returned', async () => {
    const { accountId } = await openAccount(accounts.store, { credits: CREDITS });
    const holder = ledger();
    const other = ledger(false);
    expect(await serve(holder, accountId, 10)).to.equal(10);
    // Half the balance is leased: the other server serves the other half, charged before each answer.
    expect(await serve(other, accountId, 50)).to.equal(50);
    // Nothing is left outside the lease: the next call waits instead of being refused.
    const next = other.reserve(charge(accountId));
    // The holder stops serving: its 10 charges are appended and the 40 credits it did not spend go back.
    await holder.flush();
    const r = await next;
    expect(r.ok).to.equal(true);
    if (r.ok) await other.commit(r.reservation, 200);
    expect(await serve(other, accountId, 100)).to.equal(39);
    expect(balanceOf(fold(accountId, await events(accountId)), clock)).to.equal(0);
  });

  it('returns for its holder a lease past its expiry, and serves what it set aside', async () => {
    const { accountId } = await openAccount(accounts.store, { credits: CREDITS });
    const gone = ledger();
    // This holder answers 5 calls and stops before appending them: they are never charged.
    expect(await serve(gone, accountId, 5)).to.equal(5);
    const other = ledger(false);
    expect(await serve(other, accountId, 50)).to.equal(50);
    clock = new Date(clock.getTime() + 15_001);
    expect(await serve(other, accountId, 100)).to.equal(50);
    const returned = await ofType(accountId, 'LeaseReturned');
    expect(returned.map((e) => (e.data as LeaseReturnedData).reason)).to.deep.equal(['expired']);
    expect(balanceOf(fold(accountId, await events(accountId)), clock)).to.equal(0);
  });

  it('never takes the balance below zero when a holder appends its charges after its lease expired', async () => {
    const { accountId } = await openAccount(accounts.store, { credits: CREDITS });
    const late = ledger();
    expect(await serve(late, accountId, 5)).to.equal(5);
    const other = ledger(false);
    clock = new Date(clock.getTime() + 15_001);
    expect(await serve(other, accountId, 200)).to.equal(100);
    await late.flush();
    const state = fold(accountId, await events(accountId));
    expect(state.lots.every((lot) => lot.remaining >= 0)).to.equal(true);
    expect(balanceOf(state, clock)).to.equal(0);
    expect(await charged(accountId)).to.have.length(100);
  });

  it('appends the waiting charges and returns its lease when it closes', async () => {
    const { accountId } = await openAccount(accounts.store, { credits: CREDITS });
    const l = ledger();
    await serve(l, accountId, 3);
    await l.close();
    const state = fold(accountId, await events(accountId));
    expect(state.leases).to.deep.equal([]);
    expect(balanceOf(state, clock)).to.equal(97 * PRICE);
    expect(unleasedBalanceOf(state, clock)).to.equal(97 * PRICE);
  });

  it('releases the hold of a call that was not answered 2xx: nothing is charged for it', async () => {
    const { accountId } = await openAccount(accounts.store, { credits: CREDITS });
    const l = ledger();
    const r = await l.reserve(charge(accountId));
    if (!r.ok) throw new Error(r.error);
    l.release(r.reservation);
    await l.flush();
    expect(await charged(accountId)).to.have.length(0);
    expect(balanceOf(fold(accountId, await events(accountId)), clock)).to.equal(CREDITS);
  });

  it('keeps the charges of answered calls while the log cannot be written, and appends them once after', async () => {
    const { accountId } = await openAccount(accounts.store, { credits: CREDITS });
    let down = false;
    // The log refusing writes, as during a database outage.
    const store = {
      ...accounts.store,
      async append(...args: Parameters<typeof accounts.store.append>) {
        if (down) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
        return accounts.store.append(...args);
      },
    };
    const l = createAccountLedger({
      knex: accounts.db.knex,
      store,
      logger: testLogger,
      freeCallsPerMonth: 0,
      now: () => clock,
      lease: POLICY,
    });
    open.push(l);
    expect(await serve(l, accountId, 4)).to.equal(4);
    down = true;
    let refused: unknown = null;
    await l.flush().catch((err: unknown) => {
      refused = err;
    });
    expect(refused).to.be.an('error');
    expect(await charged(accountId)).to.have.length(0);
    down = false;
    await l.flush();
    const charges = await charged(accountId);
    expect(charges).to.have.length(4);
    expect(new Set(charges.map((c) => c.requestId)).size).to.equal(4);
    expect(balanceOf(fold(accountId, await events(accountId)), clock)).to.equal(96 * PRICE);
  });

  it('the accounts projection keeps open leases, so a load from it is the fold of the stream', async () => {
    const { accountId } = await openAccount(accounts.store, { credits: CREDITS });
    const l = ledger();
    await serve(l, accountId, 70);
    // Record the charges without returning the lease in use: one more call keeps it held.
    const r = await l.reserve(charge(accountId));
    if (!r.ok) throw new Error(r.error);
    await l.flush();
    await accounts.project();
    const loaded = await loadAccount(accounts.db.knex, accounts.store, accountId);
    const folded = fold(accountId, await events(accountId));
    expect(loaded).to.deep.equal(folded);
    expect(folded.leases).to.have.length(1);
    l.release(r.reservation);
  });
});
