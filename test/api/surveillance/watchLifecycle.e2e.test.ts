import { expect } from 'chai';
import { createNotifier } from '../../../app/notifier/notifier.ts';
import { REGISTERS } from '../../../app/registers.ts';
import { ingestBodaccExport } from '../../../ingest/fr-bodacc/ingestFrBodacc.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { createPostgresEventStore } from '../../../ops/eventstore/postgres/index.ts';
import type { JwkSet } from '../../../ops/signing/jwk.ts';
import { createSecretBox } from '../../../ops/signing/sealedSecret.ts';
import {
  DELIVERY_ID_HEADER,
  verifyWebhookHmac,
  verifyWebhookSignature,
} from '../../../ops/signing/webhookSignature.ts';
import { accountsProjection } from '../../../projections/accounts/accountsProjection.ts';
import { bodaccAnnoncesProjection } from '../../../projections/fr-bodacc-annonces/bodaccAnnoncesProjection.ts';
import { unitesLegalesProjection } from '../../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import { watchesProjection } from '../../../projections/surveillance/watchesProjection.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { AUTOCARS, BODACC_EXPORT_1, BODACC_EXPORT_2, SUCRERIES } from '../../support/gazetteFixtures.ts';
import { testPaymentConfig } from '../../support/paidDemoService.ts';
import { type RunningService, startTestService } from '../../support/service.ts';
import { ingestSireneSample } from '../../support/sireneSample.ts';
import { type FacilitatorStub, startFacilitatorStub } from '../payment/support/facilitatorStub.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhookReceiver.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked member by member
type Json = any;

/**
 * A watch's whole life over HTTP, as a customer meets it: created and paid with `POST /v1/surveillance/creer`,
 * polled at `/annonces` once the register records a change, and that change delivered by the notifier to the
 * customer's endpoint, which verifies both signatures (Ed25519 against the JWKS, HMAC with the secret the
 * creation showed once).
 */
describe(`A watch created, paid, polled and delivered (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  let facilitator: FacilitatorStub;
  let receiver: WebhookReceiver;
  let key: string;
  let accountId: string;
  let created: Json;
  let creditsBefore: number;

  const get = async (path: string) => {
    const res = await fetch(`${t.baseUrl}${path}`, { headers: { 'X-Api-Key': key } });
    return { res, body: (await res.json()) as Json };
  };

  before(async () => {
    facilitator = await startFacilitatorStub();
    t = await startTestService({
      projections: [accountsProjection, bodaccAnnoncesProjection, unitesLegalesProjection, watchesProjection],
      registers: REGISTERS,
      routes: [],
      payment: testPaymentConfig(facilitator.url),
      // The customer's endpoint is on loopback here; production allows only public https addresses.
      configEnv: { WEBHOOK_ADDRESSES: 'any' },
    });
    receiver = await startWebhookReceiver();
    await ingestSireneSample({ knex: t.db.knex, store: t.service.store }, { version: '2026-10-15' });
    await ingestBodaccExport({
      knex: t.db.knex,
      store: t.service.store,
      logger: testLogger,
      file: BODACC_EXPORT_1,
      date: '2026-11-16',
    });
    ({ key, accountId } = await openAccount(t.service.store, { credits: 1_000_000 }));
    await t.service.runner.caughtUp();
    creditsBefore = (await t.service.ledger!.balance(accountId))!;
    const res = await fetch(`${t.baseUrl}/v1/surveillance/creer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Api-Key': key },
      body: JSON.stringify({ entites: [SUCRERIES, AUTOCARS], jours: 30, webhook_url: receiver.url }),
    });
    created = await res.json();
    expect(res.status, JSON.stringify(created)).to.equal(200);
    await t.service.runner.caughtUp();
  });
  after(async () => {
    await receiver?.close();
    await t?.stop();
    await facilitator?.close();
  });

  it('is paid at creation: two entities at the 30-day price, drawn from the key’s credits', async () => {
    expect(created.prix).to.deep.equal({ par_entite: 50_000, total: 100_000 });
    expect(creditsBefore - (await t.service.ledger!.balance(accountId))!).to.equal(100_000);
    expect(created.secret).to.be.a('string');
  });

  it('is polled free by its owner, then delivers the register’s change signed twice to the endpoint', async () => {
    const { res: watchRes, body: watch } = await get(`/v1/surveillance/${created.surveillance}`);
    expect(watchRes.status).to.equal(200);
    expect(watch).to.deep.include({ etat: 'active', webhook_url: receiver.url });
    expect(JSON.stringify(watch)).to.not.contain(created.secret);

    // The register records a change of a watched company: a new BODACC notice about Autocars.
    await ingestBodaccExport({
      knex: t.db.knex,
      store: t.service.store,
      logger: testLogger,
      file: BODACC_EXPORT_2,
      date: '2026-11-20',
    });
    await t.service.runner.caughtUp();
    const { res, body } = await get(`/v1/surveillance/${created.surveillance}/annonces?depuis=2026-11-18`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-credits-charged')).to.equal(null);
    const autocars = body.entites.find((e: Json) => e.id === AUTOCARS);
    expect(autocars.nouveaux_evenements_bodacc.annonces.map((a: Json) => a.id)).to.deep.equal([
      'B20260222912',
    ]);

    const notifier = createNotifier({
      knex: t.db.knex,
      storeIn: (trx) =>
        createPostgresEventStore({ knex: trx, notifications: t.db.notifications, logger: testLogger }),
      signer: t.service.signer,
      secrets: createSecretBox(t.service.signer),
      logger: testLogger,
      policy: 'any',
      timeoutMs: 5000,
      schedule: { initialDelayMs: 60_000, maxDelayMs: 3_600_000, windowMs: 86_400_000 },
      pollMs: 1000,
    });
    const { attempted } = await notifier.runOnce();
    expect(attempted).to.be.greaterThan(0);
    expect(receiver.received).to.have.length(attempted);
    const jwks = (await (await fetch(`${t.baseUrl}/.well-known/jwks.json`)).json()) as JwkSet;
    for (const r of receiver.received) {
      expect(verifyWebhookSignature(r, jwks)).to.equal(null);
      expect(verifyWebhookHmac(r, created.secret)).to.equal(true);
      const delivered = JSON.parse(Buffer.from(r.body).toString('utf8'));
      expect(delivered.surveillance).to.equal(created.surveillance);
      expect(delivered.livraison).to.equal(r.headers[DELIVERY_ID_HEADER.toLowerCase()]);
    }
    const ids = receiver.received.map((r) => JSON.parse(Buffer.from(r.body).toString('utf8')).entite?.id);
    expect(ids).to.include(AUTOCARS);
  });
});
