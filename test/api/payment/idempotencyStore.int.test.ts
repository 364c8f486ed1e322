import { generateKeyPairSync } from 'node:crypto';
import { expect } from 'chai';
import {
  createIdempotencyStore,
  IDEMPOTENCY_STALE_MS,
  IDEMPOTENCY_WINDOW_MS,
  type IdempotencyStore,
  idempotencyMigrations,
} from '../../../api/payment/idempotency.ts';
import type { Database } from '../../../ops/database/openDatabase.ts';
import { createSecretBox } from '../../../ops/signing/sealedSecret.ts';
import { createSigner } from '../../../ops/signing/signer.ts';
import { migratedDatabase, targetDescription } from '../../support/database.ts';

const T0 = new Date('2026-12-01T10:00:00Z');
const later = (ms: number) => new Date(T0.getTime() + ms);
const ANSWER = {
  status: 200,
  headers: { 'Content-Type': 'application/json; charset=utf-8', Signature: 'sig1=:abc:' },
  body: Buffer.from('{"citation":"x","resultats":[]}'),
};

describe(`Idempotency-Keys kept 24 hours per payer (${targetDescription})`, () => {
  let db: Database;
  let store: IdempotencyStore;

  before(async () => {
    db = await migratedDatabase(idempotencyMigrations);
    store = createIdempotencyStore(
      db.knex,
      createSecretBox(createSigner(generateKeyPairSync('ed25519').privateKey), 'idempotency-answers'),
    );
  });
  after(async () => {
    await db?.close();
  });

  const claim = (key: string, now: Date, payer = 'compte:a', request = 'kyb.batch d1') =>
    store.claim({ payer, key, request, now });

  it('gives a key to its first request, then says it runs, then replays what it answered', async () => {
    expect(await claim('k1', T0)).to.deep.equal({ kind: 'claimed' });
    expect(await claim('k1', later(1000))).to.deep.equal({ kind: 'running' });
    await store.complete({ payer: 'compte:a', key: 'k1', answer: ANSWER });
    expect(await claim('k1', later(2000))).to.deep.equal({ kind: 'answered', answer: ANSWER });
    expect(await claim('k1', later(3000), 'compte:a', 'kyb.batch d2')).to.deep.equal({
      kind: 'other_request',
    });
  });

  it('scopes a key by payer: another payer’s same key is a request of its own', async () => {
    expect(await claim('k2', T0, 'compte:a')).to.deep.equal({ kind: 'claimed' });
    expect(await claim('k2', T0, 'payeur:0xabc')).to.deep.equal({ kind: 'claimed' });
  });

  it('forgets a key after 24 hours, and a request that never finished after its stale delay', async () => {
    await claim('k3', T0);
    await store.complete({ payer: 'compte:a', key: 'k3', answer: ANSWER });
    expect((await claim('k3', later(IDEMPOTENCY_WINDOW_MS + 1000))).kind).to.equal('claimed');
    await claim('k4', T0);
    expect((await claim('k4', later(IDEMPOTENCY_STALE_MS - 1000))).kind).to.equal('running');
    expect((await claim('k4', later(IDEMPOTENCY_STALE_MS + 1000))).kind).to.equal('claimed');
  });

  it('frees a key its request released, and stores the answer only sealed', async () => {
    await claim('k5', T0);
    await store.release({ payer: 'compte:a', key: 'k5' });
    expect((await claim('k5', later(1000))).kind).to.equal('claimed');
    await store.complete({ payer: 'compte:a', key: 'k5', answer: ANSWER });
    const [row] = await db.knex('idempotency_keys').where({ cle: 'k5' });
    expect(row.reponse_scellee).to.match(/^v1\./);
    expect(row.reponse_scellee).not.to.include('sig1');
    expect(row.reponse_scellee).not.to.include(ANSWER.body.toString('base64'));
  });
});
