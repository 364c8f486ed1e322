import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'chai';
import { EU_LIVE_REGISTERS, FRENCH_LIVE_SOURCES } from '../../app/readSide.ts';
import { trainDemoModel } from '../../app/score/demoModel.ts';
import { type LiveReplay, startLiveReplay } from '../../app/server/liveReplay.ts';
import { openAccount } from '../../ops/accounts/openAccount.ts';
import { testLogger } from '../support/database.ts';
import { startDemoService, testPaymentConfig } from '../support/paidDemoService.ts';
import type { RunningService } from '../support/service.ts';

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is walked member by member
type Json = any;

describe('The OpenAPI document against the running service (demo data)', () => {
  let t: RunningService;
  let doc: Json;
  let key: string;
  // The live registers (European and French) answer from their recorded answers, as with LIVE_REPLAY=1 (no
  // network).
  let replay: LiveReplay;
  before(async function () {
    this.timeout(120_000);
    const payment = testPaymentConfig('http://127.0.0.1:9/unused');
    replay = await startLiveReplay([...EU_LIVE_REGISTERS, ...FRENCH_LIVE_SOURCES]);
    t = await startDemoService({
      payment,
      liveUrls: replay.urls,
      liveCredentials: replay.credentials,
      frenchLiveSources: FRENCH_LIVE_SOURCES,
      // The KYB examples (one company, then a batch) ask the RNE for the officers of demo companies it has no
      // recording of: each a transient failure, which must not open the circuit before the RNE's own routes.
      livePolicy: { breaker: { failures: 50, halfOpenAfterMs: 30_000 } },
    });
    key = (await openAccount(t.service.store, { credits: 100_000_000 })).key;
    await t.service.runner.caughtUp();
    // As `serve` does after Ready: the demo's score model, which the model card describes (trained as on a
    // fixed day, so that its windows hold the demo's failures whatever the day the test runs).
    const day = new Date('2026-12-01T00:00:00Z');
    expect(await trainDemoModel(t.db.knex, t.dataDir, testLogger, day)).to.equal('ecrit');
    doc = await (await fetch(`${t.baseUrl}/openapi.json`)).json();
  });
  after(async () => {
    await t?.stop();
    await replay?.close();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    await SwaggerParser.validate(structuredClone(doc));
  });

  it('declares the key, the bearer and x402 security schemes, on priced routes only', () => {
    expect(Object.keys(doc.components.securitySchemes).sort()).to.deep.equal(['bearer', 'cleApi', 'x402']);
    expect(doc.components.securitySchemes.x402).to.include({
      type: 'apiKey',
      in: 'header',
      name: 'PAYMENT-SIGNATURE',
    });
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      const op = item.get ?? item.post;
      if (op['x-prix-unites-atomiques'] > 0) {
        // The key first: the docs page builds its examples with the first scheme (issue 45, defect 6).
        expect(op.security, path).to.deep.equal([{ cleApi: [] }, { bearer: [] }, { x402: [] }]);
      } else {
        expect(op.security, path).to.deep.equal([]);
      }
    }
  });

  it('lists every operation under one declared family tag, and describes each priced one in English too', () => {
    const tags = doc.tags.map((tag: Json) => tag.name);
    expect(tags).to.include.members(['Entreprises françaises / French companies', 'Europe', 'Europe LV']);
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      const op = item.get ?? item.post;
      expect(op.tags, path).to.have.length(1);
      expect(tags, path).to.include(op.tags[0]);
      if (op['x-prix-unites-atomiques'] > 0) expect(op.description, path).to.match(/EN: \S/);
    }
  });

  it('names, per route and status, every error code the route answers, and admits no other', () => {
    const profil = doc.paths['/v1/entreprise/{siren}'].get.responses;
    expect(Object.keys(profil)).to.include.members(['200', '400', '402', '404', '429', '503']);
    expect(profil['400'].description).to.contain('`entreprise_individuelle_non_couverte`');
    expect(profil['404'].description)
      .to.contain('`entreprise_inconnue`')
      .and.contain('`identite_incomplete`');
    expect(profil['503'].description).to.contain('`collecte_en_cours`').and.contain('`base_indisponible`');
    expect(profil['402'].description).to.contain('`credits_insuffisants`').and.contain('`montant_incorrect`');
    const enumOf = (response: Json) =>
      response.content['application/json'].schema.allOf.find((s: Json) => s.properties?.error).properties
        .error.enum;
    expect(enumOf(profil['404'])).to.deep.equal(['entreprise_inconnue', 'identite_incomplete']);
    const compte = doc.paths['/v1/compte'].get.responses;
    expect(enumOf(compte['401'])).to.deep.equal(['cle_requise']);
    expect(compte['402'], 'a free route is never paid').to.equal(undefined);
    const lister = doc.paths['/v1/entreprises/requete/lister'].get.responses;
    expect(enumOf(lister['400'])).to.include.members([
      'tri_refuse',
      'page_hors_bornes',
      'requete_trop_large',
    ]);
    expect(enumOf(lister['503'])).to.include('stock_perime');
  });

  it('declares each POST route’s JSON body and its Idempotency-Key header', () => {
    for (const path of ['/v1/kyb/batch', '/v1/surveillance/creer']) {
      const op = doc.paths[path].post;
      expect(op.requestBody.content['application/json'].schema.type, path).to.equal('object');
      expect(
        op.parameters.map((p: Json) => p.name),
        path,
      ).to.include('Idempotency-Key');
      expect(Object.keys(op.responses), path).to.include.members(['200', '400', '402', '409', '413', '422']);
    }
    expect(
      doc.paths['/v1/kyb/batch'].post.requestBody.content['application/json'].schema.required,
    ).to.deep.equal(['sirens']);
  });

  it('a real 402 body validates against the document’s 402 schema, and so does its header', async () => {
    const ajv = new Ajv2020({ strict: false });
    const schema = { ...doc.components.schemas.PaiementRequis, $defs: undefined };
    const validate = ajv.compile(schema);
    const res = await fetch(`${t.baseUrl}/v1/entreprise/005420120`);
    expect(res.status).to.equal(402);
    const body: Json = await res.json();
    expect(validate(body), JSON.stringify(validate.errors)).to.equal(true);
    const header = JSON.parse(Buffer.from(res.headers.get('payment-required')!, 'base64').toString('utf8'));
    expect(header.accepts).to.deep.equal(body.accepts);
    const priced = doc.paths['/v1/entreprise/{siren}'].get;
    expect(priced.responses['402'].headers).to.have.property('PAYMENT-REQUIRED');
    expect(priced.responses['429'].headers).to.have.property('Retry-After');
  });

  it('each route’s example parameters answer 200 on the demo data', async function () {
    this.timeout(120_000);
    const failures: string[] = [];
    let called = 0;
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      const op = item.get ?? item.post;
      const params: Json[] = op.parameters ?? [];
      const required = params.filter((p) => p.in === 'path' || p.required);
      if (required.some((p) => !p.schema?.examples?.length)) continue; // no example to call it with
      let url = path;
      const query = new URLSearchParams();
      for (const p of required) {
        const example = String(p.schema.examples[0]);
        if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(example));
        else query.set(p.name, example);
      }
      const full = `${t.baseUrl}${url}${query.size > 0 ? `?${query}` : ''}`;
      // A POST route is called with its request body's example.
      const body = op.requestBody?.content['application/json'].example;
      const res = await fetch(
        full,
        body === undefined
          ? { headers: { 'X-Api-Key': key } }
          : {
              method: 'POST',
              headers: { 'X-Api-Key': key, 'content-type': 'application/json' },
              body: JSON.stringify(body),
            },
      );
      called++;
      if (res.status !== 200)
        failures.push(`${res.status} ${url}?${query}: ${(await res.text()).slice(0, 160)}`);
      else await res.arrayBuffer();
    }
    expect(called).to.be.greaterThan(10);
    expect(failures).to.deep.equal([]);
  });
});
