import { x402Client } from '@x402/core/client';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment } from '@x402/fetch';
import { expect } from 'chai';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { REGISTERS } from '../../app/registers.ts';
import { openAccount } from '../../ops/accounts/openAccount.ts';
import { targetDescription } from '../support/database.ts';
import { testPaymentConfig } from '../support/paidDemoService.ts';
import { type RunningService, startTestService } from '../support/service.ts';
import { ingestWidgets, WIDGETS, widgetRoute, widgetsProjection } from '../support/widgetRegister.ts';
import { type FacilitatorStub, startFacilitatorStub } from './payment/support/facilitatorStub.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;
const decode = (header: string | null): Json =>
  JSON.parse(Buffer.from(header ?? '', 'base64').toString('utf8'));

/** The whole service as `npm start` composes it, payment included: the rails reach real routes. */
describe(`Paid service, composed (${targetDescription})`, () => {
  let t: RunningService;
  let facilitator: FacilitatorStub;
  const payer = privateKeyToAccount(generatePrivateKey());

  before(async () => {
    facilitator = await startFacilitatorStub();
    const payment = testPaymentConfig(facilitator.url, {
      facilitatorHeaders: { Authorization: 'Bearer facilitateur-test' },
    });
    t = await startTestService({
      projections: [widgetsProjection],
      routes: [widgetRoute],
      registers: [...REGISTERS, WIDGETS],
      payment,
    });
    await t.service.runner.caughtUp(
      await ingestWidgets(t.service.store, { version: new Date().toISOString().slice(0, 10) }),
    );
  });
  after(async () => {
    await t?.stop();
    await facilitator?.close();
  });

  async function keyHolding(credits: number): Promise<string> {
    const { key } = await openAccount(t.service.store, { credits });
    await t.service.runner.catchUp();
    return key;
  }

  it('answers an unpaid call 402 with the x402 quote and does not run the route', async () => {
    const res = await fetch(`${t.baseUrl}/v1/test/widget/0001`);
    expect(res.status).to.equal(402);
    const quote = decode(res.headers.get('payment-required'));
    expect(quote.x402Version).to.equal(2);
    expect(quote.accepts.map((a: Json) => a.amount)).to.deep.equal(['5000', '5000']);
    expect(res.headers.get('signature')).to.equal(null);
  });

  it('serves a keyed call signed, with the credits charged and left', async () => {
    const key = await keyHolding(1_000_000);
    const res = await fetch(`${t.baseUrl}/v1/test/widget/0001`, { headers: { 'X-Api-Key': key } });
    expect(res.status).to.equal(200);
    expect(res.headers.get('signature')).to.match(/^sig1=:/);
    expect(res.headers.get('x-credits-charged')).to.not.equal(null);
    expect(((await res.json()) as Json).name).to.equal('Premier');
  });

  it('does not charge a keyed call that fails validation', async () => {
    const key = await keyHolding(5000);
    const bad = await fetch(`${t.baseUrl}/v1/test/widget/12`, { headers: { 'X-Api-Key': key } });
    expect(bad.status).to.equal(400);
    const notFound = await fetch(`${t.baseUrl}/v1/test/widget/0404`, { headers: { 'X-Api-Key': key } });
    expect(notFound.status).to.equal(404);
    // Free quota first, then the 5000 units: the balance is still whole after the two failures.
    const ok = await fetch(`${t.baseUrl}/v1/test/widget/0002`, { headers: { 'X-Api-Key': key } });
    expect(ok.status).to.equal(200);
    expect(ok.headers.get('x-credits-charged')).to.equal('0');
    expect(ok.headers.get('x-credits-remaining')).to.equal('0.005');
  });

  for (const [what, path] of [
    ['bad input (400, before payment)', '/v1/test/widget/12'],
    ['an unknown widget (404)', '/v1/test/widget/0404'],
  ] as const) {
    it(`a keyed refusal for ${what} says it charged 0 and what is left`, async () => {
      const key = await keyHolding(5000);
      const res = await fetch(`${t.baseUrl}${path}`, { headers: { 'X-Api-Key': key } });
      expect(res.status).to.be.oneOf([400, 404]);
      expect(res.headers.get('x-credits-charged')).to.equal('0');
      expect(res.headers.get('x-credits-remaining')).to.equal('0.005');
    });
  }

  it('a refusal without a key carries no credit header', async () => {
    const res = await fetch(`${t.baseUrl}/v1/test/widget/12`);
    expect(res.status).to.equal(400);
    expect(res.headers.get('x-credits-charged')).to.equal(null);
  });

  it('lets a real x402 client pay end to end and settles once', async () => {
    const client = new x402Client();
    registerExactEvmScheme(client, { signer: payer });
    const settles = facilitator.settleCalls.length;
    const res = await wrapFetchWithPayment(fetch, client)(`${t.baseUrl}/v1/test/widget/0002`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('signature')).to.match(/^sig1=:/);
    expect(decode(res.headers.get('payment-response'))).to.include({ success: true, payer: payer.address });
    expect(facilitator.settleCalls.length).to.equal(settles + 1);
  });

  it('settles through the SDK client with the facilitator’s auth headers, after checking /supported', async () => {
    const client = new x402Client();
    registerExactEvmScheme(client, { signer: payer });
    const res = await wrapFetchWithPayment(fetch, client)(`${t.baseUrl}/v1/test/widget/0001`);
    expect(res.status).to.equal(200);
    const settle = facilitator.requestHeaders.filter((h) => h[':path'] === 'POST /settle');
    expect(settle.length).to.be.greaterThan(0);
    for (const h of settle) expect(h.authorization).to.equal('Bearer facilitateur-test');
    const supported = facilitator.requestHeaders.filter((h) => h[':path'] === 'GET /supported');
    expect(supported.length).to.be.greaterThan(0);
    expect(supported[0]!.authorization).to.equal('Bearer facilitateur-test');
  });

  it('sends the settlement once more when the first attempt is cut in transport, and settles once', async () => {
    const client = new x402Client();
    registerExactEvmScheme(client, { signer: payer });
    const settles = facilitator.settleCalls.length;
    facilitator.dropNext(1);
    const res = await wrapFetchWithPayment(fetch, client)(`${t.baseUrl}/v1/test/widget/0002`);
    expect(res.status).to.equal(200);
    expect(decode(res.headers.get('payment-response'))).to.include({ success: true });
    expect(facilitator.settleCalls.length).to.equal(settles + 1);
  });

  describe('the same x402 payment sent again (a client that lost its paid answer)', () => {
    /** Pays once with the official client, keeping the payment header it sent and the answer's bytes. */
    async function payOnce(path: string) {
      const client = new x402Client();
      registerExactEvmScheme(client, { signer: payer });
      let header: string | null = null;
      const recording: typeof fetch = async (input, init) => {
        const request = new Request(input, init);
        header = request.headers.get('payment-signature') ?? header;
        return fetch(request);
      };
      const res = await wrapFetchWithPayment(recording, client)(`${t.baseUrl}${path}`);
      expect(res.status).to.equal(200);
      return { res, bytes: Buffer.from(await res.arrayBuffer()), header: header! };
    }

    it('receives the same signed answer, byte for byte, and nothing is settled twice', async () => {
      const first = await payOnce('/v1/test/widget/0001');
      const settles = facilitator.settleCalls.length;
      const again = await fetch(`${t.baseUrl}/v1/test/widget/0001`, {
        headers: { 'PAYMENT-SIGNATURE': first.header },
      });
      expect(again.status).to.equal(200);
      expect(Buffer.from(await again.arrayBuffer()).equals(first.bytes)).to.equal(true);
      for (const h of ['signature', 'signature-input', 'content-digest', 'payment-response']) {
        expect(again.headers.get(h), h).to.equal(first.res.headers.get(h));
      }
      expect(facilitator.settleCalls.length).to.equal(settles);
    });

    it('is refused as paiement_deja_utilise for another request', async () => {
      const first = await payOnce('/v1/test/widget/0002');
      const other = await fetch(`${t.baseUrl}/v1/test/widget/0001`, {
        headers: { 'PAYMENT-SIGNATURE': first.header },
      });
      expect(other.status).to.equal(402);
      expect(((await other.json()) as Json).error).to.equal('paiement_deja_utilise');
    });
  });
});
