import net from 'node:net';
import { expect } from 'chai';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createWatch, type WatchRules } from '../../../api/surveillance/createWatch.ts';
import {
  PAYER_ADDRESS_HEADER,
  PAYER_SIGNATURE_HEADER,
  PAYER_TIME_HEADER,
  payerProofMessage,
} from '../../../api/surveillance/watchOwnerProof.ts';
import { createNotifier, type Notifier } from '../../../app/notifier/notifier.ts';
import { REGISTERS } from '../../../app/registers.ts';
import { watchableCountries } from '../../../app/server/watchableCountries.ts';
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
import { deliverWebhook } from '../../../ops/webhooks/deliverWebhook.ts';
import type { AddressPolicy } from '../../../ops/webhooks/publicAddress.ts';
import { accountsProjection } from '../../../projections/accounts/accountsProjection.ts';
import { bodaccAnnoncesProjection } from '../../../projections/fr-bodacc-annonces/bodaccAnnoncesProjection.ts';
import { unitesLegalesProjection } from '../../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import { watchesProjection } from '../../../projections/surveillance/watchesProjection.ts';
import { testLogger } from '../../support/database.ts';
import {
  AUTOCARS,
  BODACC_EXPORT_1,
  BODACC_EXPORT_2,
  BODACC_SAMPLE,
  GANYMEDE,
  SUCRERIES,
} from '../../support/gazetteFixtures.ts';
import { testPaymentConfig } from '../../support/paidDemoService.ts';
import { type RunningService, startTestService } from '../../support/service.ts';
import { ingestSireneSample } from '../../support/sireneSample.ts';
import { type FacilitatorStub, startFacilitatorStub } from '../payment/support/facilitatorStub.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhookReceiver.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked member by member
type Json = any;

const DAY_MS = 86_400_000;

describe('Watches: owner reads, signed webhooks with retries, expiry (e2e)', () => {
  let t: RunningService;
  let facilitator: FacilitatorStub;
  let receiver: WebhookReceiver;
  let jwks: JwkSet;
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const rules: WatchRules = { countries: watchableCountries(), addressPolicy: 'any' };
  let key: string;
  let otherKey: string;
  let watch: Awaited<ReturnType<typeof createWatch>>;

  const notifier = (policy: AddressPolicy = 'any'): Notifier =>
    createNotifier({
      knex: t.db.knex,
      storeIn: (trx) =>
        createPostgresEventStore({ knex: trx, notifications: t.db.notifications, logger: testLogger }),
      signer: t.service.signer,
      secrets: createSecretBox(t.service.signer),
      logger: testLogger,
      policy,
      timeoutMs: 5000,
      schedule: { initialDelayMs: 60_000, maxDelayMs: 3_600_000, windowMs: DAY_MS },
      pollMs: 1000,
      now,
    });
  const create = (input: Omit<Parameters<typeof createWatch>[0], 'days'> & { days?: number }) =>
    createWatch({ days: 30, ...input }, now(), {
      store: t.service.store,
      secrets: createSecretBox(t.service.signer),
      rules,
    });
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${t.baseUrl}${path}`, { headers });
    return { res, body: (await res.json()) as Json };
  };
  const ingestBodacc = async (file: string, date: string) => {
    await ingestBodaccExport({ knex: t.db.knex, store: t.service.store, logger: testLogger, file, date });
    await t.service.runner.caughtUp();
  };

  before(async () => {
    facilitator = await startFacilitatorStub();
    t = await startTestService({
      projections: [accountsProjection, bodaccAnnoncesProjection, unitesLegalesProjection, watchesProjection],
      registers: REGISTERS,
      routes: [],
      payment: testPaymentConfig(facilitator.url),
      now,
    });
    receiver = await startWebhookReceiver();
    await ingestSireneSample({ knex: t.db.knex, store: t.service.store }, { version: '2026-10-15' });
    await ingestBodacc(BODACC_EXPORT_1, '2026-11-16');
    const opened = await openAccount(t.service.store, { credits: 1_000_000 });
    key = opened.key;
    otherKey = (await openAccount(t.service.store, { credits: 1_000_000 })).key;
    const accountId = opened.accountId;
    watch = await create({
      owner: { compte: accountId },
      entities: [SUCRERIES, AUTOCARS, GANYMEDE, SUCRERIES],
      webhookUrl: receiver.url,
    });
    await t.service.runner.caughtUp();
    jwks = (await get('/.well-known/jwks.json')).body;
  });
  after(async () => {
    await receiver?.close();
    await t?.stop();
    await facilitator?.close();
  });

  it('answers the watch to its owner’s key, free, never kept by a shared cache', async () => {
    const { res, body } = await get(`/v1/surveillance/${watch.surveillance}`, { 'X-Api-Key': key });
    expect(res.status).to.equal(200);
    expect(res.headers.get('cache-control')).to.equal('private, no-store');
    expect(res.headers.get('x-credits-charged')).to.equal(null);
    expect(body).to.deep.include({
      surveillance: watch.surveillance,
      etat: 'active',
      entites: [
        { pays: 'FR', id: SUCRERIES },
        { pays: 'FR', id: AUTOCARS },
        { pays: 'FR', id: GANYMEDE },
      ],
      jours: 30,
      prix: { par_entite: 50_000, total: 150_000 },
      webhook_url: receiver.url,
    });
    expect(Date.parse(body.fin) - Date.parse(body.cree_le)).to.equal(30 * DAY_MS);
    expect(JSON.stringify(body)).to.not.contain(watch.secret);
  });

  it('answers another account’s key, no key and an unknown id with the same 404 surveillance_inconnue', async () => {
    const answers = [
      await get(`/v1/surveillance/${watch.surveillance}`, { 'X-Api-Key': otherKey }),
      await get(`/v1/surveillance/${watch.surveillance}/annonces?depuis=2020-01-01`),
      await get(`/v1/surveillance/${watch.surveillance}/livraisons`, {
        'X-Api-Key': 'rk_inconnue_000000000000',
      }),
      await get('/v1/surveillance/00000000-0000-4000-8000-000000000000', { 'X-Api-Key': key }),
    ];
    for (const { res, body } of answers) {
      expect(res.status).to.equal(404);
      expect(body).to.deep.equal(answers[0]!.body);
      expect(body.error).to.equal('surveillance_inconnue');
    }
    const malformed = await get('/v1/surveillance/pas-un-id', { 'X-Api-Key': key });
    expect(malformed.res.status).to.equal(400);
  });

  it('after new BODACC notices, lists what changed since a date in the contract’s shape, per entity', async () => {
    await ingestBodacc(BODACC_EXPORT_2, '2026-11-20');
    const { res, body } = await get(`/v1/surveillance/${watch.surveillance}/annonces?depuis=2026-11-18`, {
      'X-Api-Key': key,
    });
    expect(res.status).to.equal(200);
    expect(body.entites.map((e: Json) => e.id)).to.deep.equal([SUCRERIES, AUTOCARS, GANYMEDE]);
    const [sucreries, autocars, ganymede] = body.entites;
    expect(sucreries).to.include({ pays: 'FR', siren: SUCRERIES, depuis: '2026-11-18' });
    // The new notice is an annulation: the contract's list serves no annulation, the change is recorded.
    expect(sucreries.nouveaux_evenements_bodacc.annonces).to.deep.equal([]);
    expect(sucreries.changements_fiche).to.have.keys(['disponible', 'version_stock_courant']);
    expect(sucreries.changements_constates.changements).to.have.length(1);
    expect(sucreries.changements_constates.changements[0]).to.deep.include({
      registre: 'fr.bodacc',
      genre: 'annonce_bodacc',
    });
    expect(sucreries.changements_constates.changements[0].detail).to.include({
      annonce: 'A2026022158',
      famille: 'vente',
    });
    expect(autocars.nouveaux_evenements_bodacc.annonces.map((a: Json) => a.id)).to.deep.equal([
      'B20260222912',
    ]);
    expect(ganymede.changements_constates.nombre).to.equal(0);
  });

  it('delivers each change signed (Ed25519 over the JWKS, HMAC with the secret), retried with the same id', async () => {
    receiver.answers.push(500);
    const n = notifier();
    expect((await n.runOnce()).attempted).to.equal(2);
    expect(receiver.received).to.have.length(2);
    // The receiver failed the first: it is due again after the backoff, not before.
    expect((await n.runOnce()).attempted).to.equal(0);
    offsetMs += 2 * 3_600_000;
    expect((await n.runOnce()).attempted).to.equal(1);
    expect(receiver.received).to.have.length(3);
    for (const r of receiver.received) {
      expect(verifyWebhookSignature(r, jwks)).to.equal(null);
      expect(verifyWebhookHmac(r, watch.secret)).to.equal(true);
      expect(verifyWebhookHmac(r, 'another-secret')).to.equal(false);
      const body = JSON.parse(Buffer.from(r.body).toString('utf8'));
      expect(body.livraison).to.equal(r.headers[DELIVERY_ID_HEADER.toLowerCase()]);
      expect(body.surveillance).to.equal(watch.surveillance);
    }
    const [failed, other, again] = receiver.received.map((r) => r.headers[DELIVERY_ID_HEADER.toLowerCase()]);
    expect(again).to.equal(failed);
    expect(other).to.not.equal(failed);
    expect(Buffer.from(receiver.received[2]!.body).equals(Buffer.from(receiver.received[0]!.body))).to.equal(
      true,
    );
    // A body altered in transit fails both checks.
    const altered = { ...receiver.received[1]!, body: Buffer.from(JSON.stringify({ livraison: other })) };
    expect(verifyWebhookSignature(altered, jwks)).to.be.a('string');
    expect(verifyWebhookHmac(altered, watch.secret)).to.equal(false);
  });

  it('shows each attempt and its outcome at /livraisons, read from the log', async () => {
    await t.service.runner.caughtUp();
    const { res, body } = await get(`/v1/surveillance/${watch.surveillance}/livraisons`, {
      'X-Api-Key': key,
    });
    expect(res.status).to.equal(200);
    expect(body.nombre).to.equal(2);
    const retried = body.livraisons.find((l: Json) => l.tentatives.length === 2);
    expect(retried.etat).to.equal('livre');
    expect(retried.tentatives.map((a: Json) => [a.issue, a.statut_http])).to.deep.equal([
      ['echec', 500],
      ['livre', 200],
    ]);
    expect(retried.tentatives[0].prochaine_tentative).to.be.a('string');
  });

  it('follows no redirect, times out, and never reaches a loopback address unless configured to', async () => {
    const send = (url: string, policy: AddressPolicy, timeoutMs = 5000) =>
      deliverWebhook({
        url,
        headers: { 'Content-Type': 'application/json' },
        body: Buffer.from('{}'),
        policy,
        timeoutMs,
      });
    const before = receiver.received.length;
    for (const url of [receiver.url, receiver.url.replace('127.0.0.1', '[::ffff:127.0.0.1]')]) {
      const refused = await send(url, 'public');
      expect(refused).to.deep.include({ ok: false, refused: true, status: null });
    }
    // A host name resolving to loopback is refused too (checked on resolution, before connecting).
    expect(await send(receiver.url.replace('127.0.0.1', 'localhost'), 'public')).to.deep.include({
      refused: true,
    });
    expect(receiver.received.length).to.equal(before);
    receiver.answers.push({ redirect: '/ailleurs' });
    const redirected = await send(receiver.url, 'any');
    expect(redirected).to.deep.include({ ok: false, status: 302, error: 'redirect not followed' });
    expect(receiver.received.length).to.equal(before + 1);
    const held: net.Socket[] = [];
    const silent = net.createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as net.AddressInfo).port;
      const timedOut = await send(`http://127.0.0.1:${port}/hook`, 'any', 300);
      expect(timedOut).to.deep.include({ ok: false, status: null, error: 'no answer within 300 ms' });
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('opens an x402 payer’s watch to its signature over the watch and a recent time, only', async () => {
    const payer = privateKeyToAccount(generatePrivateKey());
    const owned = await create({ owner: { payeur: payer.address }, entities: [GANYMEDE] });
    await t.service.runner.caughtUp();
    const proof = async (
      signer = payer,
      at = Math.floor(now().getTime() / 1000),
      id = owned.surveillance,
    ) => ({
      [PAYER_ADDRESS_HEADER]: payer.address,
      [PAYER_TIME_HEADER]: String(at),
      [PAYER_SIGNATURE_HEADER]: await signer.signMessage({ message: payerProofMessage(id, at) }),
    });
    const ok = await get(`/v1/surveillance/${owned.surveillance}`, await proof());
    expect(ok.res.status).to.equal(200);
    expect(ok.body.webhook_url).to.equal(null);
    const stranger = privateKeyToAccount(generatePrivateKey());
    for (const headers of [
      await proof(stranger),
      await proof(payer, Math.floor(now().getTime() / 1000) - 3600),
      await proof(payer, undefined, watch.surveillance),
      { 'X-Api-Key': key },
    ]) {
      const refused = await get(`/v1/surveillance/${owned.surveillance}`, headers);
      expect(refused.res.status).to.equal(404);
      expect(refused.body.error).to.equal('surveillance_inconnue');
    }
  });

  it('ends at its end date: the routes answer 404, a pending delivery is abandoned, nothing more is sent', async () => {
    // GANYMEDE's notices of the real sample: new changes of the watch, their first attempts failing.
    receiver.answers.push(503, 503, 503);
    await ingestBodacc(BODACC_SAMPLE, '2026-11-22');
    const n = notifier();
    expect((await n.runOnce()).attempted).to.equal(3);
    const sent = receiver.received.length;
    offsetMs += 31 * DAY_MS;
    await n.runOnce();
    expect(receiver.received.length).to.equal(sent);
    await t.service.runner.caughtUp();
    const last = await t.db
      .knex('surveillance_tentatives')
      .where({ surveillance: watch.surveillance })
      .orderBy('tente_le', 'desc')
      .first();
    expect(last.issue).to.equal('abandon');
    const { res, body } = await get(`/v1/surveillance/${watch.surveillance}`, { 'X-Api-Key': key });
    expect(res.status).to.equal(404);
    expect(body.error).to.equal('surveillance_inconnue');
  });
});
