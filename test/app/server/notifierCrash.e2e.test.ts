import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createWatch } from '../../../api/surveillance/createWatch.ts';
import {
  PAYER_ADDRESS_HEADER,
  PAYER_SIGNATURE_HEADER,
  PAYER_TIME_HEADER,
  payerProofMessage,
} from '../../../api/surveillance/watchOwnerProof.ts';
import { PROJECTIONS } from '../../../app/readSide.ts';
import { schemaMigrations } from '../../../app/server/migrateAll.ts';
import { watchableCountries } from '../../../app/server/watchableCountries.ts';
import { ingestBodaccExport } from '../../../ingest/fr-bodacc/ingestFrBodacc.ts';
import { loadConfig } from '../../../ops/config.ts';
import { openDatabase } from '../../../ops/database/openDatabase.ts';
import { createPostgresEventStore } from '../../../ops/eventstore/postgres/index.ts';
import type { JwkSet } from '../../../ops/signing/jwk.ts';
import { loadOrCreateSigner } from '../../../ops/signing/loadOrCreateSigner.ts';
import { createSecretBox } from '../../../ops/signing/sealedSecret.ts';
import {
  DELIVERY_ID_HEADER,
  type ReceivedWebhook,
  verifyWebhookHmac,
  verifyWebhookSignature,
} from '../../../ops/signing/webhookSignature.ts';
import {
  childrenStartOnTemplate,
  migratedRecipe,
  targetDescription,
  testLogger,
} from '../../support/database.ts';
import {
  AUTOCARS,
  BODACC_EXPORT_1,
  BODACC_SAMPLE,
  GANYMEDE,
  SOLE_TRADER,
  SUCRERIES,
} from '../../support/gazetteFixtures.ts';
import { type ServeProcess, startServeProcess } from '../../support/serveProcess.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked member by member
type Json = any;

/**
 * A receiver that keeps every webhook and answers 200, except the `holdAt`-th request, which it keeps open
 * (unanswered) and reports: the notifier is killed while that delivery is in flight.
 */
async function startHoldingReceiver(holdAt: number) {
  const received: ReceivedWebhook[] = [];
  const held: http.ServerResponse[] = [];
  let onHeld: () => void = () => {};
  const heldOne = new Promise<void>((resolve) => {
    onHeld = resolve;
  });
  const listeners: (() => void)[] = [];
  let base = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ url: `${base}${req.url}`, headers: req.headers, body: Buffer.concat(chunks) });
      for (const l of listeners) l();
      if (received.length === holdAt) {
        held.push(res);
        onHeld();
      } else res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const ids = () => received.map((r) => String(r.headers[DELIVERY_ID_HEADER.toLowerCase()]));
  return {
    url: `${base}/hooks`,
    received,
    ids,
    heldOne,
    /** Resolves once every id was received at least once. */
    covered: (expected: readonly string[]) =>
      new Promise<void>((resolve) => {
        const check = () => {
          const got = new Set(ids());
          if (expected.every((id) => got.has(id))) resolve();
        };
        listeners.push(check);
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe(`serve --role notifier killed mid-delivery loses and doubles nothing (${targetDescription})`, function () {
  this.timeout(300_000);
  const started: ServeProcess[] = [];
  let dataDir: string;
  let receiver: Awaited<ReturnType<typeof startHoldingReceiver>>;
  afterEach(async () => {
    for (const p of started.splice(0).reverse()) await p.stop();
    await receiver?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('after a SIGKILL while a webhook is in flight, a restart delivers every change, in-flight ones with the same id', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-notifier-'));
    receiver = await startHoldingReceiver(3);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      DEMO_DATA: '0',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      WEBHOOK_ADDRESSES: 'any',
      WEBHOOK_RETRY_INITIAL_MS: '50',
      NOTIFIER_POLL_MS: '25',
    };
    await childrenStartOnTemplate(migratedRecipe(schemaMigrations(PROJECTIONS)), env);

    // Before the children start: the watch (owned by an x402 payer) and the real BODACC notices it follows.
    const payer = privateKeyToAccount(generatePrivateKey());
    const signer = await loadOrCreateSigner({ signingKeyFile: null, dataDir, logger: testLogger });
    const db = await openDatabase(loadConfig(env), testLogger);
    let watch: Awaited<ReturnType<typeof createWatch>>;
    try {
      const store = createPostgresEventStore({
        knex: db.knex,
        notifications: db.notifications,
        logger: testLogger,
      });
      watch = await createWatch(
        {
          owner: { payeur: payer.address },
          entities: [SUCRERIES, AUTOCARS, SOLE_TRADER, GANYMEDE],
          days: 30,
          webhookUrl: receiver.url,
        },
        new Date(),
        {
          store,
          secrets: createSecretBox(signer),
          rules: { countries: watchableCountries(), addressPolicy: 'any' },
        },
      );
      for (const file of [BODACC_EXPORT_1, BODACC_SAMPLE])
        await ingestBodaccExport({ knex: db.knex, store, logger: testLogger, file, date: '2026-11-16' });
    } finally {
      await db.close();
    }

    const api = await startServeProcess(env);
    started.push(api);
    await api.printed(/^Ready: /m);
    const first = await startServeProcess(env, { args: ['--role', 'notifier'], listens: false });
    started.push(first);
    await receiver.heldOne;
    first.child.kill('SIGKILL');
    await first.exit;
    const heldId = receiver.ids()[2]!;

    // What the watch recorded, as its owner reads it: every change's delivery id.
    const at = Math.floor(Date.now() / 1000);
    const res = await fetch(
      `${api.baseUrl}/v1/surveillance/${watch.surveillance}/annonces?depuis=2000-01-01`,
      {
        headers: {
          [PAYER_ADDRESS_HEADER]: payer.address,
          [PAYER_TIME_HEADER]: String(at),
          [PAYER_SIGNATURE_HEADER]: await payer.signMessage({
            message: payerProofMessage(watch.surveillance, at),
          }),
        },
      },
    );
    expect(res.status).to.equal(200);
    const annonces = (await res.json()) as Json;
    const expected: string[] = annonces.entites.flatMap((e: Json) =>
      e.changements_constates.changements.map((c: Json) => c.livraison),
    );
    expect(expected.length).to.be.greaterThan(10);
    expect(new Set(expected).size).to.equal(expected.length);

    // What the killed notifier sent (read once its last requests have reached the receiver, before the restart).
    const beforeKill = receiver.ids();
    const second = await startServeProcess(env, { args: ['--role', 'notifier'], listens: false });
    started.push(second);
    await receiver.covered(expected);
    const ids = receiver.ids();
    // No change missing, none invented, and the one in flight at the kill sent again under its own id.
    expect([...new Set(ids)].sort()).to.deep.equal([...expected].sort());
    expect(ids.filter((id) => id === heldId).length).to.be.greaterThan(1);
    // Sent twice only what was in flight when the notifier died (its outcome not recorded).
    const doubled = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
    expect(doubled.every((id) => beforeKill.includes(id))).to.equal(true);
    const jwks = (await (await fetch(`${api.baseUrl}/.well-known/jwks.json`)).json()) as JwkSet;
    for (const r of receiver.received) {
      expect(verifyWebhookSignature(r, jwks)).to.equal(null);
      expect(verifyWebhookHmac(r, watch.secret)).to.equal(true);
    }
    // The sole trader's notices are delivered without her name (the contract never names a natural person).
    const bodies = receiver.received.map((r) => Buffer.from(r.body).toString('utf8'));
    expect(bodies.some((b) => b.includes(SOLE_TRADER))).to.equal(true);
    for (const name of ['MARTINEZ', 'Lucienne', 'VERNOUX']) expect(bodies.join('\n')).to.not.contain(name);
    expect(JSON.stringify(annonces)).to.not.contain('MARTINEZ');
  });
});
