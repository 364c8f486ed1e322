import { createHash, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { WATCH_CREATED, WATCH_WITHDRAWN } from '../../../schemas/events/watchEvents.ts';
import { targetDescription } from '../../support/database.ts';
import { allEvents } from '../../support/eventLog.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';
import { signedPaymentHeader } from '../payment/support/signPayment.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;

const SUCRERIES = '005420120';
const BIQUEZ = '005420021';
const DAY_MS = 86_400_000;

const decode = (header: string | null): Json => JSON.parse(Buffer.from(header!, 'base64').toString('utf8'));

describe(`POST /v1/surveillance/creer (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  let key: string;
  let accountId: string;
  const payer = privateKeyToAccount(generatePrivateKey());

  before(async () => {
    service = await startPaidDemoService({ demo: ['fr.sirene'], freeCallsPerMonth: 0 });
    ({ key, accountId } = await openAccount(service.t.service.store, { credits: 10_000_000 }));
    await service.t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
  });

  const post = async (body: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${service.t.baseUrl}/v1/surveillance/creer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    const text = await res.text();
    return { res, text, body: text ? (JSON.parse(text) as Json) : null };
  };
  const withKey = (body: unknown, headers: Record<string, string> = {}) =>
    post(JSON.stringify(body), { 'X-Api-Key': key, ...headers });
  const balance = async () => (await service.t.service.ledger!.balance(accountId))!;
  const eventsOf = async (type: string) =>
    (await allEvents(service.t.service.store)).filter((e) => e.type === type);

  it('creates a watch paid by key: each distinct entity charged once at the 90-day price, the secret shown', async () => {
    const before = await balance();
    const { res, body, text } = await withKey({ entites: [SUCRERIES, BIQUEZ, SUCRERIES], jours: 90 });
    expect(res.status, text).to.equal(200);
    expect(res.headers.get('signature')).to.match(/^sig1=/);
    expect(Object.keys(body)[0]).to.equal('citation');
    expect(body.entites).to.deep.equal([
      { pays: 'FR', id: SUCRERIES },
      { pays: 'FR', id: BIQUEZ },
    ]);
    expect(body.prix).to.deep.equal({ par_entite: 135_000, total: 270_000 });
    expect(new Date(body.fin).getTime() - new Date(body.cree_le).getTime()).to.equal(90 * DAY_MS);
    expect(body.secret).to.be.a('string').with.length.greaterThan(20);
    expect(res.headers.get('x-credits-charged')).to.equal('0.27');
    expect(before - (await balance())).to.equal(270_000);

    await service.t.service.runner.catchUp();
    const read = await fetch(`${service.t.baseUrl}/v1/surveillance/${body.surveillance}`, {
      headers: { 'X-Api-Key': key },
    });
    expect(read.status).to.equal(200);
    expect(((await read.json()) as Json).entites).to.have.length(2);
  });

  it('with an Idempotency-Key, a retried creation returns the same watch, free, recorded once', async () => {
    const idempotencyKey = randomUUID();
    const created = (await eventsOf(WATCH_CREATED)).length;
    const before = await balance();
    const first = await withKey({ entites: [SUCRERIES], jours: 30 }, { 'Idempotency-Key': idempotencyKey });
    const again = await withKey({ entites: [SUCRERIES], jours: 30 }, { 'Idempotency-Key': idempotencyKey });
    expect(first.res.status).to.equal(200);
    expect(again.res.status).to.equal(200);
    expect(again.res.headers.get('idempotent-replayed')).to.equal('true');
    expect(again.body.surveillance).to.equal(first.body.surveillance);
    expect(again.body.secret).to.equal(first.body.secret);
    expect(again.res.headers.get('x-credits-charged')).to.equal('0');
    expect(before - (await balance())).to.equal(50_000);
    expect((await eventsOf(WATCH_CREATED)).length).to.equal(created + 1);

    const other = await withKey({ entites: [SUCRERIES], jours: 365 }, { 'Idempotency-Key': idempotencyKey });
    expect(other.res.status).to.equal(422);
    expect(other.body.error).to.equal('cle_idempotence_reutilisee');
  });

  it('refuses a malformed request before payment, uncharged, with the member named', async () => {
    const before = await balance();
    const duration = await withKey({ entites: [SUCRERIES], jours: 45 });
    expect(duration.res.status).to.equal(400);
    expect(duration.body).to.include({ error: 'corps_invalide', champ: 'jours' });
    const siren = await withKey({ entites: ['123456789'], jours: 30 });
    expect(siren.res.status).to.equal(400);
    expect(siren.body).to.include({ error: 'parametre_invalide', champ: 'entites[0]' });
    const country = await withKey({ entites: [{ pays: 'ZZ', id: '1' }], jours: 30 });
    expect(country.body).to.include({ error: 'pays_non_couvert', champ: 'entites[0]' });
    expect(await balance()).to.equal(before);
  });

  it('quotes over x402 the total for the entities, bound to the body, and creates the watch once paid', async () => {
    const bytes = JSON.stringify({ entites: [SUCRERIES, BIQUEZ], jours: 365 });
    const quoted = await post(bytes);
    expect(quoted.res.status).to.equal(402);
    const accepted = decode(quoted.res.headers.get('payment-required')).accepts[0];
    expect(accepted.amount).to.equal('1000000');
    expect(accepted.extra.empreinte_corps).to.equal(createHash('sha256').update(bytes).digest('hex'));
    const paid = await post(bytes, {
      'PAYMENT-SIGNATURE': await signedPaymentHeader({ signer: payer, accepted }),
    });
    expect(paid.res.status, paid.text).to.equal(200);
    expect(paid.body.prix.total).to.equal(1_000_000);
    const recorded = (await eventsOf(WATCH_CREATED)).find(
      (e) => (e.data as Json).watchId === paid.body.surveillance,
    );
    expect((recorded!.data as Json).owner).to.deep.equal({ payeur: payer.address.toLowerCase() });
  });

  it('over x402 with an Idempotency-Key, a retried creation paid again returns the same watch, unsettled', async () => {
    const bytes = JSON.stringify({ entites: [SUCRERIES], jours: 30 });
    const idempotencyKey = randomUUID();
    const accepted = decode((await post(bytes)).res.headers.get('payment-required')).accepts[0];
    const settled = service.facilitator.settleCalls.length;
    const pay = async () =>
      post(bytes, {
        'PAYMENT-SIGNATURE': await signedPaymentHeader({ signer: payer, accepted }),
        'Idempotency-Key': idempotencyKey,
      });
    const first = await pay();
    const again = await pay();
    expect(first.res.status).to.equal(200);
    expect(again.res.status).to.equal(200);
    expect(again.res.headers.get('idempotent-replayed')).to.equal('true');
    expect(again.body.surveillance).to.equal(first.body.surveillance);
    expect(service.facilitator.settleCalls.length).to.equal(settled + 1);
  });

  it('withdraws a watch whose x402 settlement fails: the answer is withheld and no unpaid watch lives', async () => {
    const bytes = JSON.stringify({ entites: [BIQUEZ], jours: 30 });
    const quoted = await post(bytes);
    const accepted = decode(quoted.res.headers.get('payment-required')).accepts[0];
    const withdrawn = (await eventsOf(WATCH_WITHDRAWN)).length;
    service.facilitator.failWith('insufficient_funds');
    try {
      const paid = await post(bytes, {
        'PAYMENT-SIGNATURE': await signedPaymentHeader({ signer: payer, accepted }),
      });
      expect(paid.res.status).to.equal(402);
    } finally {
      service.facilitator.failWith(null);
    }
    const events = await eventsOf(WATCH_WITHDRAWN);
    expect(events.length).to.equal(withdrawn + 1);
    const watchId = (events.at(-1)!.data as Json).watchId as string;
    await service.t.service.runner.catchUp();
    const [row] = await service.t.db.knex('surveillances').where({ id: watchId });
    expect(new Date(row.fin).getTime()).to.be.at.most(Date.now());
  });
});
