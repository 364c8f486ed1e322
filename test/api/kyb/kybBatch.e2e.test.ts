import { createHash, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { targetDescription } from '../../support/database.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';
import { signedPaymentHeader } from '../payment/support/signPayment.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;

/** Demo companies KYB serves (active, legal persons), one unknown SIREN, one malformed. */
const SUCRERIES = '005420120';
const BIQUEZ = '005420021';
const UNKNOWN = '732829320';
const MALFORMED = '12345';
/** $0.105 per company served, in price units (1e-6): the ledger's unit. */
const UNIT = 105_000;
const ENVELOPE = ['citation', 'provenance', 'source', 'disclaimer', 'data_freshness'];

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const decode = (header: string | null): Json => JSON.parse(Buffer.from(header!, 'base64').toString('utf8'));

describe(`POST /v1/kyb/batch on the demo data (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  let key: string;
  let accountId: string;
  const payer = privateKeyToAccount(generatePrivateKey());

  before(async () => {
    service = await startPaidDemoService({
      demo: ['fr.sirene', 'fr.bodacc', 'eu.fsf', 'fr.gels'],
      freeCallsPerMonth: 0,
    });
    ({ key, accountId } = await openAccount(service.t.service.store, { credits: 10_000_000 }));
    await service.t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
  });

  const post = async (body: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${service.t.baseUrl}/v1/kyb/batch`, {
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

  it('serves the known companies, lists the others in erreurs, and charges $0.105 per company served', async () => {
    const before = await balance();
    const { res, body, text } = await withKey({
      sirens: [SUCRERIES, UNKNOWN, BIQUEZ, MALFORMED, SUCRERIES],
    });
    expect(res.status, text).to.equal(200);
    expect(body.resultats.map((r: Json) => r.siren)).to.deep.equal([SUCRERIES, BIQUEZ]);
    expect(body.erreurs.map((e: Json) => [e.siren, e.error])).to.deep.equal([
      [UNKNOWN, 'entreprise_inconnue'],
      [MALFORMED, 'parametre_invalide'],
    ]);
    expect(body.facturation).to.deep.equal({ entites_servies: 2, prix_par_entite: UNIT, total: 2 * UNIT });
    expect(res.headers.get('x-credits-charged')).to.equal('0.21');
    expect(before - (await balance())).to.equal(2 * UNIT);
  });

  it('is signed, cites its registers first and gives each company the body GET /v1/kyb/{siren} gives', async () => {
    const { res, body } = await withKey({ sirens: [SUCRERIES] });
    expect(res.headers.get('signature')).to.match(/^sig1=/);
    expect(res.headers.get('content-digest')).to.match(/^sha-256=/);
    expect(Object.keys(body)[0]).to.equal('citation');
    expect(body.provenance.map((p: Json) => p.registre)).to.include.members([
      'fr.sirene',
      'fr.bodacc',
      'eu.fsf',
      'fr.gels',
    ]);
    const single = (await (
      await fetch(`${service.t.baseUrl}/v1/kyb/${SUCRERIES}`, { headers: { 'X-Api-Key': key } })
    ).json()) as Json;
    for (const member of ENVELOPE) delete single[member];
    expect(body.resultats[0]).to.deep.equal(single);
  });

  it('answers 404 aucune_entite_servie, uncharged, when no company of the batch can be served', async () => {
    const before = await balance();
    const { res, body } = await withKey({ sirens: [UNKNOWN, MALFORMED] });
    expect(res.status).to.equal(404);
    expect(body.error).to.equal('aucune_entite_servie');
    expect(body.erreurs.map((e: Json) => e.siren)).to.deep.equal([UNKNOWN, MALFORMED]);
    expect(res.headers.get('x-credits-charged')).to.equal('0');
    expect(await balance()).to.equal(before);
  });

  it('refuses a body outside its schema with 400 {error, champ, message}, uncharged', async () => {
    const before = await balance();
    const tooMany = await withKey({ sirens: Array.from({ length: 101 }, () => SUCRERIES) });
    expect(tooMany.res.status).to.equal(400);
    expect(tooMany.body).to.include({ error: 'corps_invalide', champ: 'sirens' });
    const unknownMember = await withKey({ sirens: [SUCRERIES], pays: 'FR' });
    expect(unknownMember.body).to.include({ error: 'corps_invalide', champ: 'pays' });
    const notJson = await post('sirens=005420120', { 'X-Api-Key': key });
    expect(notJson.res.status).to.equal(400);
    expect(notJson.body).to.include({ error: 'corps_illisible', champ: 'corps' });
    for (const r of [tooMany, unknownMember, notJson])
      expect(r.res.headers.get('x-credits-charged')).to.equal('0');
    expect(await balance()).to.equal(before);
  });

  it('refuses a body over its size limit with 413 corps_trop_volumineux, uncharged', async () => {
    const before = await balance();
    const { res, body } = await post(JSON.stringify({ sirens: [SUCRERIES], pad: 'x'.repeat(20_000) }), {
      'X-Api-Key': key,
    });
    expect(res.status).to.equal(413);
    expect(body.error).to.equal('corps_trop_volumineux');
    expect(await balance()).to.equal(before);
  });

  describe('Idempotency-Key', () => {
    it('sends a retried batch its first answer again, signed as it was, and charges it once', async () => {
      const idempotencyKey = randomUUID();
      const before = await balance();
      const first = await withKey({ sirens: [SUCRERIES, BIQUEZ] }, { 'Idempotency-Key': idempotencyKey });
      const again = await withKey({ sirens: [SUCRERIES, BIQUEZ] }, { 'Idempotency-Key': idempotencyKey });
      expect(first.res.status).to.equal(200);
      expect(again.res.status).to.equal(200);
      expect(again.res.headers.get('idempotent-replayed')).to.equal('true');
      expect(again.text).to.equal(first.text);
      expect(again.res.headers.get('signature')).to.equal(first.res.headers.get('signature'));
      expect(again.res.headers.get('x-credits-charged')).to.equal('0');
      expect(before - (await balance())).to.equal(2 * UNIT);
    });

    it('replays a paid batch to a key holder whose balance is now spent', async () => {
      const holder = await openAccount(service.t.service.store, { credits: UNIT });
      await service.t.service.runner.catchUp();
      const idempotencyKey = randomUUID();
      const send = () =>
        post(JSON.stringify({ sirens: [SUCRERIES] }), {
          'X-Api-Key': holder.key,
          'Idempotency-Key': idempotencyKey,
        });
      const first = await send();
      expect(first.res.status).to.equal(200);
      expect(first.res.headers.get('x-credits-remaining')).to.equal('0');
      const again = await send();
      expect(again.res.status).to.equal(200);
      expect(again.res.headers.get('idempotent-replayed')).to.equal('true');
      expect(again.res.headers.get('x-credits-charged')).to.equal('0');
      expect(again.text).to.equal(first.text);
    });

    it('refuses the same key for another body with 422 cle_idempotence_reutilisee, uncharged', async () => {
      const idempotencyKey = randomUUID();
      await withKey({ sirens: [SUCRERIES] }, { 'Idempotency-Key': idempotencyKey });
      const before = await balance();
      const other = await withKey({ sirens: [BIQUEZ] }, { 'Idempotency-Key': idempotencyKey });
      expect(other.res.status).to.equal(422);
      expect(other.body).to.include({ error: 'cle_idempotence_reutilisee', champ: 'Idempotency-Key' });
      expect(other.res.headers.get('x-credits-charged')).to.equal('0');
      expect(await balance()).to.equal(before);
    });

    it('answers 409 requete_en_cours while the first request of the key runs, uncharged', async () => {
      const idempotencyKey = randomUUID();
      const bytes = JSON.stringify({ sirens: [SUCRERIES] });
      // The first request, taken and still running (as another process holds it).
      await service.t.db.knex('idempotency_keys').insert({
        payeur: `compte:${accountId}`,
        cle: idempotencyKey,
        empreinte: `kyb.batch ${sha256(bytes)}`,
        statut: 'en_cours',
        cree_le: new Date(),
      });
      const before = await balance();
      const second = await post(bytes, { 'X-Api-Key': key, 'Idempotency-Key': idempotencyKey });
      expect(second.res.status).to.equal(409);
      expect(second.body.error).to.equal('requete_en_cours');
      expect(await balance()).to.equal(before);
    });

    it('frees a key whose request was refused: the retry runs and is charged once', async () => {
      const idempotencyKey = randomUUID();
      const refused = await withKey({ sirens: [UNKNOWN] }, { 'Idempotency-Key': idempotencyKey });
      expect(refused.res.status).to.equal(404);
      const stored = await service.t.db.knex('idempotency_keys').where({ cle: idempotencyKey });
      expect(stored).to.have.length(0);
    });

    it('keeps the answer sealed at rest, never in clear', async () => {
      const idempotencyKey = randomUUID();
      await withKey({ sirens: [SUCRERIES] }, { 'Idempotency-Key': idempotencyKey });
      const [row] = await service.t.db.knex('idempotency_keys').where({ cle: idempotencyKey });
      expect(row.statut).to.equal('termine');
      expect(row.reponse_scellee).to.match(/^v1\./);
      expect(row.reponse_scellee).not.to.include('SUCRERIES');
      expect(Buffer.from(row.reponse_scellee.split('.')[3], 'base64url').toString('utf8')).not.to.include(
        'SUCRERIES',
      );
    });
  });

  describe('x402', () => {
    const quoteOf = async (bytes: string) => {
      const { res, body } = await post(bytes);
      expect(res.status).to.equal(402);
      return { header: decode(res.headers.get('payment-required')), body };
    };
    const pay = async (
      bytes: string,
      accepted: Json,
      headers: Record<string, string> = {},
      version?: 1 | 2,
    ) =>
      post(bytes, {
        'PAYMENT-SIGNATURE': await signedPaymentHeader({
          signer: payer,
          accepted,
          ...(version ? { x402Version: version } : {}),
        }),
        ...headers,
      });

    it('quotes the batch total of the companies it would serve, bound to the body’s SHA-256', async () => {
      const bytes = JSON.stringify({ sirens: [SUCRERIES, UNKNOWN, BIQUEZ] });
      const { header, body } = await quoteOf(bytes);
      expect(body.price).to.equal('$0.21');
      for (const accepted of header.accepts) {
        expect(accepted.amount).to.equal(String(2 * UNIT));
        expect(accepted.extra.empreinte_corps).to.equal(sha256(bytes));
      }
      expect(header.extensions.bazaar.info.input.method).to.equal('POST');
    });

    it('serves and settles a payment of that quote, once', async () => {
      const bytes = JSON.stringify({ sirens: [SUCRERIES, BIQUEZ] });
      const { header } = await quoteOf(bytes);
      const settled = service.facilitator.settleCalls.length;
      const { res, body } = await pay(bytes, header.accepts[0]);
      expect(res.status).to.equal(200);
      expect(body.resultats).to.have.length(2);
      expect(service.facilitator.settleCalls.length).to.equal(settled + 1);
      expect(service.facilitator.settleCalls.at(-1)!.paymentRequirements.amount).to.equal(String(2 * UNIT));
    });

    it('refuses a payment of the quote of another body (same price), and settles nothing', async () => {
      const quoted = JSON.stringify({ sirens: [SUCRERIES, BIQUEZ] });
      const sent = JSON.stringify({ sirens: [BIQUEZ, SUCRERIES] });
      const { header } = await quoteOf(quoted);
      const settled = service.facilitator.settleCalls.length;
      const { res, body } = await pay(sent, header.accepts[0]);
      expect(res.status).to.equal(402);
      expect(body.error).to.equal('empreinte_corps_differente');
      expect(body.accepts[0].extra.empreinte_corps).to.equal(sha256(sent));
      expect(service.facilitator.settleCalls.length).to.equal(settled);
    });

    it('refuses x402 v1, whose requirements are not bound to the body', async () => {
      const bytes = JSON.stringify({ sirens: [SUCRERIES] });
      const { header } = await quoteOf(bytes);
      const { res, body } = await pay(bytes, header.accepts[0], {}, 1);
      expect(res.status).to.equal(402);
      expect(body.error).to.equal('version_x402_non_supportee');
    });

    it('with an Idempotency-Key, answers a retry paid again without settling it', async () => {
      const bytes = JSON.stringify({ sirens: [SUCRERIES] });
      const idempotencyKey = randomUUID();
      const { header } = await quoteOf(bytes);
      const settled = service.facilitator.settleCalls.length;
      const first = await pay(bytes, header.accepts[0], { 'Idempotency-Key': idempotencyKey });
      const again = await pay(bytes, header.accepts[0], { 'Idempotency-Key': idempotencyKey });
      expect(first.res.status).to.equal(200);
      expect(again.res.status).to.equal(200);
      expect(again.res.headers.get('idempotent-replayed')).to.equal('true');
      expect(again.text).to.equal(first.text);
      expect(service.facilitator.settleCalls.length).to.equal(settled + 1);
    });
  });
});
