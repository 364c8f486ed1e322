import { expect } from 'chai';
import { accountStream, chargesIn } from '../../../ops/accounts/accountEvents.ts';
import { issueKey, revokeKey } from '../../../ops/accounts/accountKeys.ts';
import { balanceOf, freeCallsUsed } from '../../../ops/accounts/accountState.ts';
import { loadAccount } from '../../../ops/accounts/loadAccount.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { type AccountsDatabase, openAccountsDatabase } from '../../ops/accounts/support/accountsDatabase.ts';
import { targetDescription } from '../../support/database.ts';
import { testPaymentConfig } from '../../support/paidDemoService.ts';
import { type FacilitatorStub, startFacilitatorStub } from './support/facilitatorStub.ts';
import { callAndLeave, type PaymentApp, ROUTES, startPaymentApp } from './support/paymentApp.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
const json = async (res: Response): Promise<any> => res.json();
const month = () => new Date().toISOString().slice(0, 7);

describe(`API keys and credits (${targetDescription})`, () => {
  let accounts: AccountsDatabase;
  let facilitator: FacilitatorStub;
  let app: PaymentApp;

  before(async () => {
    accounts = await openAccountsDatabase();
    facilitator = await startFacilitatorStub();
    const config = testPaymentConfig(facilitator.url);
    app = await startPaymentApp({ accounts, config });
  });
  after(async () => {
    await app?.close();
    await facilitator?.close();
    await accounts?.close();
  });
  beforeEach(() => app.answer(200));

  /** A new account holding `credits` atomic units, visible to the key lookup. */
  async function account(credits: number) {
    const opened = await openAccount(accounts.store, { credits });
    await accounts.project();
    return opened;
  }
  const call = (route: (typeof ROUTES)[keyof typeof ROUTES], headers: Record<string, string>) =>
    fetch(`${app.url}${route.path}`, { headers });
  const state = async (accountId: string) =>
    (await loadAccount(accounts.db.knex, accounts.store, accountId))!;

  it('charges a keyed call to the credits and says what was charged and what is left', async () => {
    const { key } = await account(1_000_000);
    const res = await call(ROUTES.liste, { 'X-Api-Key': key });
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-credits-charged')).to.equal('0.02');
    expect(res.headers.get('x-credits-remaining')).to.equal('0.98');
  });

  it('accepts the key as a bearer token', async () => {
    const { key } = await account(1_000_000);
    const res = await call(ROUTES.liste, { Authorization: `Bearer ${key}` });
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-credits-charged')).to.equal('0.02');
  });

  it('ignores a bearer value that is not one of our keys and answers the usual x402 quote', async () => {
    for (const bearer of ['eyJhbGciOiJIUzI1NiJ9.e30.sig', `rk_${'A'.repeat(43)}`]) {
      const res = await call(ROUTES.profil, { Authorization: `Bearer ${bearer}` });
      expect(res.status).to.equal(402);
      expect((await json(res)).error).to.equal('paiement_requis');
      expect(res.headers.get('payment-required')).to.be.a('string');
    }
  });

  it('says in the 402 that an X-Api-Key never issued is unknown or revoked, and still quotes', async () => {
    const res = await call(ROUTES.profil, { 'X-Api-Key': `rk_${'B'.repeat(43)}` });
    expect(res.status).to.equal(402);
    const body = await json(res);
    expect(body).to.include({ error: 'paiement_requis', cle_api: 'inconnue_ou_revoquee' });
    expect(body.message).to.match(/^La clé d’API présentée \(X-Api-Key\) est inconnue ou révoquée\./);
    expect(res.headers.get('payment-required')).to.be.a('string');
  });

  it('says in the 402 that a revoked X-Api-Key is unknown or revoked', async () => {
    const { accountId, key, keyHash } = await account(1_000_000);
    const other = await issueKey(accounts.store, accountId);
    expect(other.ok).to.equal(true);
    expect((await revokeKey(accounts.db.knex, accounts.store, accountId, keyHash)).ok).to.equal(true);
    await accounts.project();
    const res = await call(ROUTES.profil, { 'X-Api-Key': key });
    expect(res.status).to.equal(402);
    expect(await json(res)).to.include({ error: 'paiement_requis', cle_api: 'inconnue_ou_revoquee' });
  });

  it('says on a key-only route too that the X-Api-Key presented is unknown or revoked', async () => {
    const res = await call(ROUTES.documents, { 'X-Api-Key': `rk_${'C'.repeat(43)}` });
    expect(res.status).to.equal(402);
    expect(await json(res)).to.include({ error: 'compte_requis', cle_api: 'inconnue_ou_revoquee' });
  });

  it('adds no key verdict to the 402 of a call that presents no key', async () => {
    const body = await json(await call(ROUTES.profil, {}));
    expect(body.error).to.equal('paiement_requis');
    expect(body).to.not.have.property('cle_api');
  });

  it('uses the monthly free quota before credits on a free-tier route', async () => {
    const { accountId, key } = await account(1_000_000);
    const res = await call(ROUTES.profil, { 'X-Api-Key': key });
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-credits-charged')).to.equal('0');
    expect(res.headers.get('x-credits-remaining')).to.equal('1');
    const s = await state(accountId);
    expect(freeCallsUsed(s, month())).to.equal(1);
    expect(balanceOf(s, new Date())).to.equal(1_000_000);
  });

  it('pays with credits once the 150 free calls of the month are used', async () => {
    const { accountId, key } = await account(1_000_000);
    const used = Array.from({ length: 150 }, (_, i) => ({
      type: 'FreeCallUsed',
      data: {
        requestId: `r${i}`,
        routeId: ROUTES.profil.id,
        month: month(),
        usedAt: new Date().toISOString(),
      },
    }));
    expect((await accounts.store.append(accountStream(accountId), used, 1n)).ok).to.equal(true);
    const res = await call(ROUTES.profil, { 'X-Api-Key': key });
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-credits-charged')).to.equal('0.005');
    expect(freeCallsUsed(await state(accountId), month())).to.equal(150);
  });

  it('answers 402 credits_insuffisants without a quote header when the balance is too low', async () => {
    const { key } = await account(19_999);
    const runs = app.handlerRuns();
    const res = await call(ROUTES.liste, { 'X-Api-Key': key });
    expect(res.status).to.equal(402);
    const body = await json(res);
    expect(body).to.include({ error: 'credits_insuffisants', price: '$0.02', credits_restants: '0.019999' });
    expect(res.headers.get('payment-required')).to.equal(null);
    expect(res.headers.get('x-credits-charged')).to.equal('0');
    expect(app.handlerRuns()).to.equal(runs);
  });

  it('serves a key-only route to a key', async () => {
    const { key } = await account(1_000_000);
    const res = await call(ROUTES.documents, { 'X-Api-Key': key });
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-credits-charged')).to.equal('0.02');
  });

  it('never overdraws: 200 concurrent calls on a balance covering 10 give exactly 10 answers and a zero balance', async () => {
    const { accountId, key } = await account(10 * ROUTES.liste.price);
    const runs = app.handlerRuns();
    const responses = await Promise.all(
      Array.from({ length: 200 }, () =>
        call(ROUTES.liste, { 'X-Api-Key': key }).then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        }),
      ),
    );
    expect(responses.filter((s) => s === 200)).to.have.length(10);
    expect(responses.filter((s) => s === 402)).to.have.length(190);
    expect(app.handlerRuns()).to.equal(runs + 10);
    await accounts.project();
    const s = await state(accountId);
    expect(balanceOf(s, new Date())).to.equal(0);
    const charged = chargesIn(await accounts.store.readStream(accountStream(accountId)));
    expect(charged).to.have.length(10);
  });

  for (const status of [404, 400, 503, 'throw'] as const) {
    it(`charges nothing and uses no free call when the handler answers ${status}`, async () => {
      const { accountId, key } = await account(1_000_000);
      app.answer(status);
      const settles = facilitator.settleCalls.length;
      const free = await call(ROUTES.profil, { 'X-Api-Key': key });
      const paid = await call(ROUTES.liste, { 'X-Api-Key': key });
      expect([free.status, paid.status]).to.deep.equal(status === 'throw' ? [503, 503] : [status, status]);
      expect(paid.headers.get('x-credits-charged')).to.equal('0');
      expect(paid.headers.get('x-credits-remaining')).to.equal('1');
      const events = await accounts.store.readStream(accountStream(accountId));
      expect(events.map((e) => e.type)).to.deep.equal(['KeyIssued', 'CreditsPurchased']);
      expect(facilitator.settleCalls.length).to.equal(settles);
    });
  }

  it('charges nothing and uses no free call when the client leaves before the answer', async () => {
    const { accountId, key } = await account(1_000_000);
    app.answer('late');
    await callAndLeave(app, `${app.url}${ROUTES.profil.path}`, { 'X-Api-Key': key });
    await callAndLeave(app, `${app.url}${ROUTES.liste.path}`, { 'X-Api-Key': key });
    const events = await accounts.store.readStream(accountStream(accountId));
    expect(events.map((e) => e.type)).to.deep.equal(['KeyIssued', 'CreditsPurchased']);
    app.answer(200);
    const res = await call(ROUTES.liste, { 'X-Api-Key': key });
    expect(res.headers.get('x-credits-remaining')).to.equal('0.98');
  });
});
