import { expect } from 'chai';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;

describe('GET /v1/compte: the account of the key presented (e2e)', () => {
  let service: PaidDemoService;
  before(async () => {
    service = await startPaidDemoService({ freeCallsPerMonth: 2 });
  });
  after(() => service?.stop());

  async function keyHolding(credits: number) {
    const opened = await openAccount(service.t.service.store, { credits });
    await service.t.service.runner.catchUp();
    return opened;
  }

  const account = (headers: Record<string, string>) => fetch(`${service.t.baseUrl}/v1/compte`, { headers });

  it('answers the balance, the lots and the free calls of the key’s account, free of charge', async () => {
    const { key, accountId } = await keyHolding(2_500_000);
    const res = await account({ 'X-Api-Key': key });
    expect(res.status).to.equal(200);
    const body = (await res.json()) as Json;
    expect(body.compte).to.equal(accountId);
    expect(body.solde).to.deep.equal({ credits: '2.5', unites_atomiques: 2_500_000 });
    expect(body.lots).to.have.length(1);
    expect(body.lots[0]).to.include({ montant: '2.5', restant: '2.5', expire: false });
    expect(Date.parse(body.lots[0].expire_le)).to.be.greaterThan(Date.now());
    expect(body.appels_gratuits).to.include({ utilises: 0, par_mois: 2 });
    expect(res.headers.get('x-credits-charged')).to.equal(null);
  });

  it('is the caller’s own: never stored by a shared cache nor kept (private, no-store)', async () => {
    const { key } = await keyHolding(1_000_000);
    const res = await account({ Authorization: `Bearer ${key}` });
    expect(res.status).to.equal(200);
    expect(res.headers.get('cache-control')).to.equal('private, no-store');
  });

  it('counts the free calls the key used this month, and the credits drawn after them', async () => {
    const { key } = await keyHolding(1_000_000);
    for (let i = 0; i < 3; i++) {
      const paid = await fetch(`${service.t.baseUrl}/v1/entreprise/005420120`, {
        headers: { 'X-Api-Key': key },
      });
      expect(paid.status).to.equal(200);
    }
    await service.t.service.runner.catchUp();
    const body = (await (await account({ Authorization: `Bearer ${key}` })).json()) as Json;
    expect(body.appels_gratuits.utilises).to.equal(2);
    expect(body.solde.unites_atomiques).to.be.lessThan(1_000_000);
  });

  it('never answers another account’s facts: each key sees its own', async () => {
    const first = await keyHolding(1_000_000);
    const second = await keyHolding(3_000_000);
    const a = (await (await account({ 'X-Api-Key': first.key })).json()) as Json;
    const b = (await (await account({ 'X-Api-Key': second.key })).json()) as Json;
    expect(a.compte).to.equal(first.accountId);
    expect(b.compte).to.equal(second.accountId);
    expect(a.solde.credits).to.equal('1');
    expect(b.solde.credits).to.equal('3');
  });

  it('without a key, or with an unknown one, a 401 cle_requise that says nothing of any account', async () => {
    const attempts: Record<string, string>[] = [{}, { 'X-Api-Key': 'rk_inconnue_0000000000000000000000' }];
    for (const headers of attempts) {
      const res = await account(headers);
      expect(res.status).to.equal(401);
      expect(res.headers.get('www-authenticate')).to.contain('Bearer');
      const body = (await res.json()) as Json;
      expect(body.error).to.equal('cle_requise');
      expect(JSON.stringify(body)).to.not.match(/compte"|solde/);
    }
  });
});
