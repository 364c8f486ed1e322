import { expect } from 'chai';
import { REGISTERS } from '../../app/registers.ts';
import { openAccount } from '../../ops/accounts/openAccount.ts';
import { loadConfig } from '../../ops/config.ts';
import { targetDescription } from '../support/database.ts';
import { testPaymentConfig } from '../support/paidDemoService.ts';
import { type RunningService, startTestService } from '../support/service.ts';
import { ingestWidgets, WIDGETS, widgetRoute, widgetsProjection } from '../support/widgetRegister.ts';

describe(`Rate limits per key and per address (${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    const payment = testPaymentConfig('http://127.0.0.1:9/unused', { payTo: null });
    // 0.5 a second over the 10-second window: 5 calls, then 429.
    t = await startTestService({
      projections: [widgetsProjection],
      routes: [widgetRoute],
      registers: [...REGISTERS, WIDGETS],
      payment,
      rateLimits: { perKey: 0.5, perAddress: 0.5 },
    });
    await t.service.runner.caughtUp(
      await ingestWidgets(t.service.store, { version: new Date().toISOString().slice(0, 10) }),
    );
  });
  after(() => t.stop());

  async function keyHolding(credits: number): Promise<string> {
    const { key } = await openAccount(t.service.store, { credits });
    await t.service.runner.catchUp();
    return key;
  }

  it('every answer says the limit, what is left and when it resets', async () => {
    const key = await keyHolding(1_000_000);
    const res = await fetch(`${t.baseUrl}/v1/test/widget/0001`, { headers: { 'X-Api-Key': key } });
    expect(res.status).to.equal(200);
    expect(res.headers.get('ratelimit-limit')).to.equal('5');
    expect(res.headers.get('ratelimit-remaining')).to.equal('4');
    expect(Number(res.headers.get('ratelimit-reset'))).to.be.within(0, 10);
    expect(res.headers.get('ratelimit-policy')).to.equal('5;w=10');
  });

  it('over its limit a key gets 429 trop_de_requetes with Retry-After, and is not charged', async () => {
    const key = await keyHolding(1_000_000);
    const statuses: number[] = [];
    let last: Response | null = null;
    for (let i = 0; i < 7; i++) {
      last = await fetch(`${t.baseUrl}/v1/test/widget/0001`, { headers: { 'X-Api-Key': key } });
      statuses.push(last.status);
      if (last.status === 429) break;
      await last.arrayBuffer();
    }
    expect(statuses).to.deep.equal([200, 200, 200, 200, 200, 429]);
    const body = (await last!.json()) as { error: string; message: string };
    expect(body.error).to.equal('trop_de_requetes');
    expect(Number(last!.headers.get('retry-after'))).to.be.within(1, 10);
    expect(last!.headers.get('x-credits-charged')).to.equal('0');
    expect(last!.headers.get('signature')).to.equal(null);
  });

  it('a key is limited on its own: another key still passes', async () => {
    const other = await keyHolding(1_000_000);
    const res = await fetch(`${t.baseUrl}/v1/test/widget/0002`, { headers: { 'X-Api-Key': other } });
    expect(res.status).to.equal(200);
  });

  it('calls without a key are limited per address, free documents included', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${t.baseUrl}/v1/lecture`);
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses.slice(0, 5)).to.deep.equal([200, 200, 200, 200, 200]);
    expect(statuses[5]).to.equal(429);
  });

  it('the defaults are generous and set by the environment (0 turns a limit off)', () => {
    expect(loadConfig({}).rateLimits).to.deep.equal({ perKey: 200, perAddress: 100 });
    expect(loadConfig({ RATE_LIMIT_PER_KEY: '0', RATE_LIMIT_PER_ADDRESS: '20' }).rateLimits).to.deep.equal({
      perKey: 0,
      perAddress: 20,
    });
  });
});
