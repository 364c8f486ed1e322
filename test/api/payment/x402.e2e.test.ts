import { x402Client } from '@x402/core/client';
import type { PaymentRequired, PaymentRequirements } from '@x402/core/types';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment } from '@x402/fetch';
import { expect } from 'chai';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { DEFAULT_ASSETS, type PaymentConfig } from '../../../api/payment/paymentConfig.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { type AccountsDatabase, openAccountsDatabase } from '../../ops/accounts/support/accountsDatabase.ts';
import { targetDescription } from '../../support/database.ts';
import { testPaymentConfig } from '../../support/paidDemoService.ts';
import { type FacilitatorStub, startFacilitatorStub } from './support/facilitatorStub.ts';
import { callAndLeave, type PaymentApp, ROUTES, startPaymentApp } from './support/paymentApp.ts';
import { signedPaymentHeader } from './support/signPayment.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;
const decode = (header: string | null): Json =>
  JSON.parse(Buffer.from(header ?? '', 'base64').toString('utf8'));
const json = async (res: Response): Promise<Json> => res.json();

describe(`x402 payments (${targetDescription})`, () => {
  let accounts: AccountsDatabase;
  let facilitator: FacilitatorStub;
  let app: PaymentApp;
  let config: PaymentConfig;
  const payer = privateKeyToAccount(generatePrivateKey());
  const payTo = privateKeyToAccount(generatePrivateKey()).address;

  before(async () => {
    accounts = await openAccountsDatabase();
    facilitator = await startFacilitatorStub();
    config = testPaymentConfig(facilitator.url, { payTo });
    app = await startPaymentApp({ accounts, config });
  });
  after(async () => {
    await app?.close();
    await facilitator?.close();
    await accounts?.close();
  });
  beforeEach(() => {
    app.answer(200);
    facilitator.failWith(null);
  });

  const url = (route = ROUTES.profil) => `${app.url}${route.path}`;
  const quoteOf = async (route = ROUTES.profil): Promise<PaymentRequired> =>
    decode((await fetch(url(route))).headers.get('payment-required'));
  const requirement = async (symbol = 'USDC'): Promise<PaymentRequirements> => {
    const asset = DEFAULT_ASSETS.find((a) => a.symbol === symbol)!;
    return (await quoteOf()).accepts.find((r) => r.asset === asset.address)!;
  };
  const pay = (header: string, route = ROUTES.profil) =>
    fetch(url(route), { headers: { 'PAYMENT-SIGNATURE': header } });

  /** Sends a payment and checks it was refused for `code` with no handler run and no settlement. */
  async function expectRefused(header: string, code: string) {
    const runs = app.handlerRuns();
    const settles = facilitator.settleCalls.length;
    const res = await pay(header);
    const body = await json(res);
    expect(res.status).to.equal(402);
    expect(body.error).to.equal(code);
    expect(decode(res.headers.get('payment-required')).error).to.equal(code);
    expect(app.handlerRuns()).to.equal(runs);
    expect(facilitator.settleCalls.length).to.equal(settles);
  }

  describe('the quote', () => {
    it('answers an unpaid call with 402 and the requirements in PAYMENT-REQUIRED, one entry per asset', async () => {
      const res = await fetch(url());
      expect(res.status).to.equal(402);
      const { extensions, ...quote } = decode(res.headers.get('payment-required'));
      // The route advertised to x402 discovery (bazaar extension; its content: bazaarDiscovery.unit.test.ts).
      expect(extensions?.bazaar).to.have.nested.property('info.input.method', 'GET');
      expect(quote).to.deep.equal({
        x402Version: 2,
        error: 'paiement_requis',
        resource: { url: url(), description: 'Fiche de test', mimeType: 'application/json' },
        accepts: [
          {
            scheme: 'exact',
            network: 'eip155:8453',
            amount: '5000',
            payTo,
            maxTimeoutSeconds: 60,
            asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
            extra: { name: 'USD Coin', version: '2' },
          },
          {
            scheme: 'exact',
            network: 'eip155:8453',
            amount: '5000',
            payTo,
            maxTimeoutSeconds: 60,
            asset: '0x60a3E35Cc302bFA44Cb288Bc5a4F316Fdb1adb42',
            extra: { name: 'EURC', version: '2' },
          },
        ],
      });
      expect(res.headers.get('cache-control')).to.equal('no-store');
    });

    it('repeats the requirements in the body with the dollar price and the free-tier facts', async () => {
      const res = await fetch(url());
      const body = await json(res);
      const quote = decode(res.headers.get('payment-required'));
      expect(body).to.include({ x402Version: 2, error: 'paiement_requis', price: '$0.005' });
      expect(body.accepts).to.deep.equal(quote.accepts);
      expect(body.resource).to.deep.equal(quote.resource);
      expect(body.free_tier).to.deep.equal({
        inclus: true,
        appels_par_mois: 150,
        compte_url: 'https://registres.example/compte',
      });
      expect(body.message).to.be.a('string');
    });

    it('quotes a route outside the free quota as such', async () => {
      const body = await json(await fetch(url(ROUTES.liste)));
      expect(body.price).to.equal('$0.02');
      expect(body.free_tier.inclus).to.equal(false);
      expect(body.accepts[0].amount).to.equal('20000');
    });

    it('serves a free route without asking for payment', async () => {
      const res = await fetch(url(ROUTES.lecture));
      expect(res.status).to.equal(200);
    });
  });

  describe('paying', () => {
    it('lets a real x402 client pay a priced route end to end, settled once after the handler ran', async () => {
      const client = new x402Client();
      registerExactEvmScheme(client, { signer: payer });
      const paidFetch = wrapFetchWithPayment(fetch, client);
      const runs = app.handlerRuns();
      const settles = facilitator.settleCalls.length;

      const res = await paidFetch(url());

      expect(res.status).to.equal(200);
      expect(await json(res)).to.deep.equal({ citation: 'test', data: { ok: true } });
      expect(app.handlerRuns()).to.equal(runs + 1);
      expect(facilitator.settleCalls.length).to.equal(settles + 1);
      const settle = facilitator.settleCalls.at(-1)!;
      const usdc = await requirement('USDC');
      expect(settle.x402Version).to.equal(2);
      expect(settle.paymentRequirements).to.deep.equal(usdc);
      expect(settle.paymentPayload.accepted).to.deep.equal(usdc);
      const receipt = decode(res.headers.get('payment-response'));
      expect(receipt).to.include({ success: true, network: 'eip155:8453', payer: payer.address });
    });

    it('lets a client pay in EURC the same numeric amount', async () => {
      const client = new x402Client((_version, accepts) => accepts.find((r) => r.extra.name === 'EURC')!);
      registerExactEvmScheme(client, { signer: payer });
      // @x402/core clients pay only their default assets (USDC on Base) unless told otherwise.
      client.setSpendControls({
        allowedAssets: [{ network: 'eip155:8453', asset: DEFAULT_ASSETS[1]!.address }],
      });
      const res = await wrapFetchWithPayment(fetch, client)(url());
      expect(res.status).to.equal(200);
      const settle = facilitator.settleCalls.at(-1)!;
      expect(settle.paymentRequirements).to.deep.equal(await requirement('EURC'));
      expect(
        (settle.paymentPayload.payload as { authorization: { value: string } }).authorization.value,
      ).to.equal('5000');
    });

    it('accepts an x402 v1 X-PAYMENT header and settles it with v1 requirements', async () => {
      const header = await signedPaymentHeader({
        signer: payer,
        accepted: await requirement('EURC'),
        x402Version: 1,
      });
      const res = await fetch(url(), { headers: { 'X-PAYMENT': header } });
      expect(res.status).to.equal(200);
      expect(decode(res.headers.get('x-payment-response')).success).to.equal(true);
      const settle = facilitator.settleCalls.at(-1)!;
      expect(settle.x402Version).to.equal(1);
      expect(settle.paymentRequirements).to.include({
        scheme: 'exact',
        network: 'base',
        maxAmountRequired: '5000',
        payTo,
        asset: '0x60a3E35Cc302bFA44Cb288Bc5a4F316Fdb1adb42',
      });
    });

    it('takes a signed payment over a key: the payment is settled and the credits are untouched', async () => {
      const { accountId, key } = await openAccount(accounts.store, { credits: 1_000_000 });
      await accounts.project();
      const header = await signedPaymentHeader({
        signer: payer,
        accepted: (await quoteOf(ROUTES.liste)).accepts[0]!,
      });
      const res = await fetch(url(ROUTES.liste), {
        headers: { 'PAYMENT-SIGNATURE': header, 'X-Api-Key': key },
      });
      expect(res.status).to.equal(200);
      expect(res.headers.get('payment-response')).to.be.a('string');
      expect(res.headers.get('x-credits-charged')).to.equal(null);
      const events = await accounts.store.readStream(`account-${accountId}`);
      expect(events.map((e) => e.type)).to.deep.equal(['KeyIssued', 'CreditsPurchased']);
    });

    it('refuses x402 alone on a key-only route, saying an account is needed, without a quote header', async () => {
      const accepted = { ...(await quoteOf(ROUTES.liste)).accepts[0]! };
      const runs = app.handlerRuns();
      const res = await pay(await signedPaymentHeader({ signer: payer, accepted }), ROUTES.documents);
      expect(res.status).to.equal(402);
      expect((await json(res)).error).to.equal('compte_requis');
      expect(res.headers.get('payment-required')).to.equal(null);
      expect(app.handlerRuns()).to.equal(runs);
    });
  });

  describe('attacks, each refused before the handler and never settled', () => {
    it('refuses a replayed nonce', async () => {
      const header = await signedPaymentHeader({ signer: payer, accepted: await requirement() });
      expect((await pay(header)).status).to.equal(200);
      await expectRefused(header, 'paiement_deja_utilise');
    });

    it('runs the handler once when the same header arrives twice at the same time', async () => {
      const header = await signedPaymentHeader({ signer: payer, accepted: await requirement() });
      const runs = app.handlerRuns();
      const settles = facilitator.settleCalls.length;
      const statuses = (await Promise.all([pay(header), pay(header)])).map((r) => r.status).sort();
      expect(statuses).to.deep.equal([200, 402]);
      expect(app.handlerRuns()).to.equal(runs + 1);
      expect(facilitator.settleCalls.length).to.equal(settles + 1);
    });

    it('refuses an amount one unit short', async () => {
      const accepted = await requirement();
      await expectRefused(
        await signedPaymentHeader({ signer: payer, accepted, authorization: { value: '4999' } }),
        'montant_incorrect',
      );
    });

    it('refuses an amount one unit over', async () => {
      const accepted = await requirement();
      await expectRefused(
        await signedPaymentHeader({ signer: payer, accepted, authorization: { value: '5001' } }),
        'montant_incorrect',
      );
    });

    it('refuses a requirement rewritten to a lower amount', async () => {
      const accepted = await requirement();
      const header = await signedPaymentHeader({
        signer: payer,
        accepted,
        acceptedOverride: { amount: '4999' },
        authorization: { value: '4999' },
      });
      await expectRefused(header, 'montant_incorrect');
    });

    it('refuses a transfer signed to another recipient', async () => {
      const accepted = await requirement();
      const thief = privateKeyToAccount(generatePrivateKey()).address;
      await expectRefused(
        await signedPaymentHeader({ signer: payer, accepted, authorization: { to: thief } }),
        'destinataire_incorrect',
      );
    });

    it('refuses a requirement whose payTo was rewritten', async () => {
      const accepted = await requirement();
      const thief = privateKeyToAccount(generatePrivateKey()).address;
      const header = await signedPaymentHeader({
        signer: payer,
        accepted,
        acceptedOverride: { payTo: thief },
        authorization: { to: thief },
      });
      await expectRefused(header, 'destinataire_incorrect');
    });

    it('refuses a token that is not accepted', async () => {
      const accepted = { ...(await requirement()), asset: '0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2' };
      await expectRefused(await signedPaymentHeader({ signer: payer, accepted }), 'actif_refuse');
    });

    it('refuses another network', async () => {
      const accepted = { ...(await requirement()), network: 'eip155:1' as const };
      await expectRefused(
        await signedPaymentHeader({ signer: payer, accepted, chainId: 1 }),
        'reseau_refuse',
      );
    });

    it('refuses a signature made for another chain under the right requirement', async () => {
      const accepted = await requirement();
      await expectRefused(
        await signedPaymentHeader({ signer: payer, accepted, chainId: 1 }),
        'signature_invalide',
      );
    });

    it('refuses an authorization whose validBefore has passed', async () => {
      const past = String(Math.floor(Date.now() / 1000) - 1);
      const header = await signedPaymentHeader({
        signer: payer,
        accepted: await requirement(),
        authorization: { validBefore: past },
      });
      await expectRefused(header, 'autorisation_expiree');
    });

    it('refuses an authorization whose validAfter is in the future', async () => {
      const later = String(Math.floor(Date.now() / 1000) + 30);
      const header = await signedPaymentHeader({
        signer: payer,
        accepted: await requirement(),
        authorization: { validAfter: later },
      });
      await expectRefused(header, 'autorisation_pas_encore_valide');
    });

    it('refuses a signature from another key than `from`', async () => {
      const other = privateKeyToAccount(generatePrivateKey());
      const header = await signedPaymentHeader({
        signer: other,
        accepted: await requirement(),
        authorization: { from: payer.address },
      });
      await expectRefused(header, 'signature_invalide');
    });

    it('refuses a header that is not base64', async () => {
      await expectRefused('%%% not base64 %%%', 'paiement_illisible');
    });

    it('refuses base64 that is not JSON', async () => {
      await expectRefused(Buffer.from('{"x402Version": 2,').toString('base64'), 'paiement_illisible');
    });

    it('refuses JSON without a payload', async () => {
      await expectRefused(
        Buffer.from(JSON.stringify({ x402Version: 2, accepted: await requirement() })).toString('base64'),
        'paiement_illisible',
      );
    });
  });

  describe('answers that are not 2xx', () => {
    for (const status of [404, 400, 503] as const) {
      it(`settles nothing when the handler answers ${status}, and the same payment stays usable`, async () => {
        const header = await signedPaymentHeader({ signer: payer, accepted: await requirement() });
        const settles = facilitator.settleCalls.length;
        app.answer(status);
        const res = await pay(header);
        expect(res.status).to.equal(status);
        expect(res.headers.get('payment-response')).to.equal(null);
        expect(facilitator.settleCalls.length).to.equal(settles);
        app.answer(200);
        expect((await pay(header)).status).to.equal(200);
        expect(facilitator.settleCalls.length).to.equal(settles + 1);
      });
    }

    it('settles nothing when the client leaves before the answer, and the same payment stays usable', async () => {
      const header = await signedPaymentHeader({ signer: payer, accepted: await requirement() });
      const settles = facilitator.settleCalls.length;
      app.answer('late');
      await callAndLeave(app, url(), { 'PAYMENT-SIGNATURE': header });
      expect(facilitator.settleCalls.length).to.equal(settles);
      app.answer(200);
      expect((await pay(header)).status).to.equal(200);
      expect(facilitator.settleCalls.length).to.equal(settles + 1);
    });

    it('settles nothing when the handler fails', async () => {
      const settles = facilitator.settleCalls.length;
      app.answer('throw');
      const res = await pay(await signedPaymentHeader({ signer: payer, accepted: await requirement() }));
      expect(res.status).to.equal(503);
      expect(facilitator.settleCalls.length).to.equal(settles);
    });

    it('withholds the answer when settlement fails: 402, PAYMENT-RESPONSE success false, no body', async () => {
      facilitator.failWith('insufficient_funds');
      const header = await signedPaymentHeader({ signer: payer, accepted: await requirement() });
      const res = await pay(header);
      expect(res.status).to.equal(402);
      expect(await res.text()).to.equal('');
      expect(res.headers.get('content-type')).to.equal(null);
      expect(decode(res.headers.get('payment-response'))).to.include({
        success: false,
        errorReason: 'insufficient_funds',
      });
      facilitator.failWith(null);
      await expectRefused(header, 'paiement_deja_utilise');
    });
  });
});
