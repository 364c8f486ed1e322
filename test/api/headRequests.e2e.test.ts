import { expect } from 'chai';
import { openAccount } from '../../ops/accounts/openAccount.ts';
import { targetDescription } from '../support/database.ts';
import { type PaidDemoService, startPaidDemoService } from '../support/paidDemoService.ts';
import { rawRequest } from '../support/rawRequest.ts';

/**
 * HEAD of a priced route: its status says what the GET would (a company known or not), so it is paid and
 * charged as the GET is, and refused as the GET is, without a body.
 */
describe(`HEAD of a priced route (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  let key: string;
  const known = '/v1/entreprise/005420120';

  before(async () => {
    service = await startPaidDemoService({ freeCallsPerMonth: 0 });
    key = (await openAccount(service.t.service.store, { credits: 1_000_000 })).key;
    await service.t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
  });

  it('without payment: 402 with the quote, no body', async () => {
    const res = await rawRequest(`${service.t.baseUrl}${known}`, { method: 'HEAD' });
    expect(res.status).to.equal(402);
    expect(res.headers['payment-required']).to.be.a('string');
    expect(res.body.length).to.equal(0);
  });

  it('with a key: the GET’s status and signed headers, no body, charged the GET’s price', async () => {
    const res = await rawRequest(`${service.t.baseUrl}${known}`, {
      method: 'HEAD',
      headers: { 'X-Api-Key': key },
    });
    expect(res.status).to.equal(200);
    expect(res.body.length).to.equal(0);
    expect(res.headers.signature).to.match(/^sig1=:/);
    expect(res.headers['content-digest']).to.match(/^sha-256=:/);
    expect(res.headers['x-credits-charged']).to.equal('0.005');
    expect(res.headers['x-credits-remaining']).to.equal('0.995');
  });

  it('a company not known: 404, never charged', async () => {
    const res = await rawRequest(`${service.t.baseUrl}/v1/entreprise/552100554`, {
      method: 'HEAD',
      headers: { 'X-Api-Key': key },
    });
    expect(res.status).to.equal(404);
    expect(res.body.length).to.equal(0);
    expect(res.headers['x-credits-charged']).to.equal('0');
  });
});
