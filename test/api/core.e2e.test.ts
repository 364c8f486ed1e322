import SwaggerParser from '@apidevtools/swagger-parser';
import { expect } from 'chai';
import { REGISTERS } from '../../app/registers.ts';
import { createKnex, type Database } from '../../ops/database/openDatabase.ts';
import { freshDatabase } from '../support/database.ts';
import { rawRequest } from '../support/rawRequest.ts';
import { type RunningService, startTestService } from '../support/service.ts';
import { startTcpProxy } from '../support/tcpProxy.ts';
import {
  FILE_SHA,
  ingestWidgets,
  WIDGETS,
  widgetRoute,
  widgetsProjection,
} from '../support/widgetRegister.ts';

const registers = [...REGISTERS, WIDGETS];
// Payment has its own suites (test/api/payment/ and the paid e2e below); here priced routes are served unpaid.
const base = { projections: [widgetsProjection], routes: [widgetRoute], registers, payment: false as const };

async function getJson(url: string) {
  const res = await fetch(url);
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
  return { res, text, body: JSON.parse(text) as Record<string, any> };
}

describe('API core (e2e)', () => {
  describe('with a completed snapshot', () => {
    let t: RunningService;
    before(async () => {
      t = await startTestService({ ...base, now: () => new Date('2026-11-20T10:00:00Z') });
      const last = await ingestWidgets(t.service.store, { version: '2026-11-15' });
      await t.service.runner.caughtUp(last);
    });
    after(() => t.stop());

    it('a priced answer starts with citation, then provenance, source, disclaimer and data_freshness', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/test/widget/0001`);
      expect(res.status).to.equal(200);
      expect(Object.keys(body).slice(0, 6)).to.deep.equal([
        'citation',
        'provenance',
        'source',
        'disclaimer',
        'data_freshness',
        'id',
      ]);
      expect(body.name).to.equal('Premier');
    });

    it('provenance carries the snapshot version and the upstream file fingerprint', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/test/widget/0001`);
      expect(body.provenance).to.deep.equal([
        {
          registre: 'test.widgets',
          version: '2026-11-15',
          empreinte_sha256: FILE_SHA,
          date_photo: '2026-11-15',
        },
      ]);
      expect(body.citation).to.match(
        /^Widgets \(version 2026-11-15, sha256 aaaaaaaaaaaa\) — servi par Registres API le 2026-11-20T10:00:00Z$/,
      );
      expect(body.citation).not.to.contain('\n');
      expect(body.disclaimer).to.contain(' / ');
    });

    it('a priced 2xx is signed and carries a Content-Digest', async () => {
      const res = await fetch(`${t.baseUrl}/v1/test/widget/0001`);
      expect(res.headers.get('content-digest')).to.match(/^sha-256=:[A-Za-z0-9+/=]+:$/);
      expect(res.headers.get('signature-input')).to.contain(`keyid="${t.service.signer.keyId}"`);
      expect(res.headers.get('signature')).to.match(/^sig1=:/);
    });

    it('a malformed path parameter is refused with 400 {error, champ, message} and is not signed', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/test/widget/12a4`);
      expect(res.status).to.equal(400);
      expect(body).to.include({ error: 'parametre_invalide', champ: 'id' });
      expect(body.message).to.be.a('string').and.not.empty;
      expect(res.headers.get('signature')).to.equal(null);
    });

    it('a query parameter of the wrong type is refused with 400', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/test/widget/0001?detail=peut-etre`);
      expect(res.status).to.equal(400);
      expect(body).to.include({ error: 'parametre_invalide', champ: 'detail' });
    });

    it('a boolean query parameter is coerced', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/test/widget/0001?detail=true`);
      expect(body.detail).to.equal(true);
    });

    it('an unknown query parameter is refused with 400 parametre_inconnu', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/test/widget/0001?detial=true`);
      expect(res.status).to.equal(400);
      expect(body).to.include({ error: 'parametre_inconnu', champ: 'detial' });
    });

    it('SQL in a parameter is refused before reaching the database', async () => {
      const { res } = await getJson(`${t.baseUrl}/v1/test/widget/${encodeURIComponent("0001' or '1'='1")}`);
      expect(res.status).to.equal(400);
    });

    it('an unknown identifier is a 404 with a code', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/test/widget/0404`);
      expect(res.status).to.equal(404);
      expect(body.error).to.equal('entreprise_inconnue');
    });

    it('a fault in a handler answers 503 incident_interne, never 500', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/test/widget/9999`);
      expect(res.status).to.equal(503);
      expect(body.error).to.equal('incident_interne');
    });

    it('an unknown path is a JSON 404 route_inconnue', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/nulle-part`);
      expect(res.status).to.equal(404);
      expect(body.error).to.equal('route_inconnue');
    });

    it('a POST is answered 405 methode_non_permise', async () => {
      const res = await fetch(`${t.baseUrl}/v1/lecture`, { method: 'POST' });
      expect(res.status).to.equal(405);
      expect(((await res.json()) as { error: string }).error).to.equal('methode_non_permise');
    });

    for (const method of ['PROPFIND', 'TRACE', 'LOCK', 'MKCOL', 'PUT', 'DELETE', 'PATCH']) {
      it(`${method} is answered 405 methode_non_permise with Allow, on a free and a priced route`, async () => {
        for (const path of ['/v1/lecture', '/v1/test/widget/0001']) {
          const { status, headers, body } = await rawRequest(`${t.baseUrl}${path}`, { method });
          expect(status, `${method} ${path}`).to.equal(405);
          expect(headers.allow).to.include('GET');
          expect(JSON.parse(body.toString('utf8'))).to.include({ error: 'methode_non_permise' });
          expect(headers['retry-after']).to.equal(undefined);
        }
      });
    }

    it('a 405 names in Allow every method the path answers, OPTIONS included, and each is answered', async () => {
      for (const path of ['/v1/lecture', '/v1/test/widget/0001']) {
        const refused = await rawRequest(`${t.baseUrl}${path}`, { method: 'PUT' });
        const allowed = String(refused.headers.allow).split(/,\s*/);
        expect(allowed, path).to.include.members(['GET', 'HEAD', 'OPTIONS']);
        for (const method of allowed) {
          const { status } = await rawRequest(`${t.baseUrl}${path}`, { method });
          expect(status, `${method} ${path}`).to.be.below(400);
        }
      }
    });

    it('a plain OPTIONS (no preflight) is answered with an Allow naming OPTIONS', async () => {
      const { status, headers } = await rawRequest(`${t.baseUrl}/v1/lecture`, { method: 'OPTIONS' });
      expect(status).to.be.below(300);
      expect(String(headers.allow).split(/,\s*/)).to.include.members(['GET', 'HEAD', 'OPTIONS']);
    });

    it('the register dictionary gives each register its licence, mode, threshold and last snapshot', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/provenance/registres`);
      expect(res.status).to.equal(200);
      const widgets = body.registres.find((r: { code: string }) => r.code === 'test.widgets');
      expect(widgets).to.deep.include({
        nom_court: 'Widgets',
        mode: 'copie_locale',
        seuil_fraicheur_jours: 30,
        collecte_en_cours: null,
      });
      expect(widgets.derniere_photo).to.deep.include({ version: '2026-11-15', empreinte_sha256: FILE_SHA });
      const sirene = body.registres.find((r: { code: string }) => r.code === 'fr.sirene');
      expect(sirene.licence).to.contain('Licence Ouverte');
      expect(res.headers.get('signature')).to.equal(null);
    });

    it('the reading route lists every error code, the outage reasons and the upstream fingerprints', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/lecture`);
      const codes = body.codes_erreur.map((e: { code: string }) => e.code);
      expect(codes).to.include.members([
        'base_indisponible',
        'photo_perimee',
        'stock_perime',
        'collecte_en_cours',
        'parametre_invalide',
      ]);
      expect(body.motif_panne.map((m: { code: string }) => m.code)).to.include('amont_indisponible');
      // The `raison` of a 503 amont_indisponible, a 429 from the register (limite_amont) and a document over the
      // size limit (trop_volumineux) included.
      expect(body.raisons_amont.map((m: { code: string }) => m.code)).to.deep.equal([
        'injoignable',
        'delai_depasse',
        'circuit_ouvert',
        'refus',
        'illisible',
        'sature',
        'trop_volumineux',
        'limite_amont',
      ]);
      expect(body.raisons_bloc_absent.map((m: { code: string }) => m.code)).to.include.members([
        'aucune_donnee',
        'amont_indisponible',
      ]);
      expect(body.empreintes_amont).to.deep.include({
        registre: 'test.widgets',
        version: '2026-11-15',
        date_photo: '2026-11-15',
        empreinte_sha256: FILE_SHA,
        completee_le: body.empreintes_amont[0].completee_le,
      });
    });

    it('the OpenAPI document is valid OpenAPI 3.1.0, version 1.0.0, with every route and its price', async () => {
      const { body } = await getJson(`${t.baseUrl}/openapi.json`);
      expect(body.openapi).to.equal('3.1.0');
      expect(body.info.version).to.equal('1.0.0');
      await SwaggerParser.validate(structuredClone(body) as never);
      const op = body.paths['/v1/test/widget/{id}'].get;
      expect(op['x-prix']).to.equal('$0.005');
      expect(op['x-prix-unites-atomiques']).to.equal(5000);
      expect(Object.keys(body.paths)).to.include.members([
        '/v1/provenance/registres',
        '/v1/lecture',
        '/v1/catalogue',
        '/.well-known/jwks.json',
      ]);
    });

    it('the text catalogue has one line per route with price and free-tier flag', async () => {
      const res = await fetch(`${t.baseUrl}/v1/catalogue`);
      expect(res.headers.get('content-type')).to.contain('text/plain');
      const lines = (await res.text()).trim().split('\n');
      expect(lines).to.have.length(t.service.app.registry.routes.length);
      expect(lines.find((l) => l.includes('/v1/test/widget/{id}'))).to.match(
        /^GET +\/v1\/test\/widget\/\{id\} +\$0\.005 +quota-gratuit:oui +Un widget de test\.$/,
      );
    });

    it('the public key is served as an OKP Ed25519 JWK whose kid is the signing key id', async () => {
      const { body } = await getJson(`${t.baseUrl}/.well-known/jwks.json`);
      expect(body.keys[0]).to.include({ kty: 'OKP', crv: 'Ed25519', kid: t.service.signer.keyId });
    });

    it('health reports the database and each projection position', async () => {
      // Earlier answers of this suite are still being appended to the served log: let them land first.
      await t.service.servedLog.flush();
      await t.service.runner.caughtUp();
      const { res, body } = await getJson(`${t.baseUrl}/health`);
      expect(res.status).to.equal(200);
      expect(body.base.joignable).to.equal(true);
      expect(body.projections[0]).to.include({ nom: 'test-widgets', retard: '0' });
    });

    it('metrics count requests by route and status, with latency and projection lag', async () => {
      await fetch(`${t.baseUrl}/v1/test/widget/0001`);
      const text = await (await fetch(`${t.baseUrl}/metrics`)).text();
      expect(text).to.match(/registres_http_requests_total\{route="test\.widget",status="200"\} \d+/);
      expect(text).to.contain('registres_http_request_duration_seconds_bucket');
      expect(text).to.match(/registres_projection_lag_events\{projection="test-widgets"\} 0/);
    });

    it('every response carries a request id', async () => {
      const res = await fetch(`${t.baseUrl}/v1/lecture`, { headers: { 'x-request-id': 'abc-123' } });
      expect(res.headers.get('x-request-id')).to.equal('abc-123');
    });
  });

  describe('freshness from projection state', () => {
    it('a register with no completed pass answers 503 collecte_en_cours', async () => {
      const t = await startTestService({ ...base });
      try {
        const last = await ingestWidgets(t.service.store, { version: '2026-11-15', complete: false });
        await t.service.runner.caughtUp(last);
        const { res, body } = await getJson(`${t.baseUrl}/v1/test/widget/0001`);
        expect(res.status).to.equal(503);
        expect(body).to.include({ error: 'collecte_en_cours', version_en_cours: '2026-11-15' });
      } finally {
        await t.stop();
      }
    });

    it('a pass started after a completed one leaves the completed one served', async () => {
      const t = await startTestService({ ...base, now: () => new Date('2026-11-20T10:00:00Z') });
      try {
        await ingestWidgets(t.service.store, { version: '2026-11-01' });
        const last = await ingestWidgets(t.service.store, { version: '2026-11-15', complete: false });
        await t.service.runner.caughtUp(last);
        const { res, body } = await getJson(`${t.baseUrl}/v1/test/widget/0001`);
        expect(res.status).to.equal(200);
        expect(body.provenance[0].version).to.equal('2026-11-01');
      } finally {
        await t.stop();
      }
    });

    it('a snapshot older than the route threshold answers 503 photo_perimee', async () => {
      const t = await startTestService({ ...base, now: () => new Date('2026-12-31T10:00:00Z') });
      try {
        const last = await ingestWidgets(t.service.store, { version: '2026-11-15' });
        await t.service.runner.caughtUp(last);
        const { res, body } = await getJson(`${t.baseUrl}/v1/test/widget/0001`);
        expect(res.status).to.equal(503);
        expect(body).to.include({ error: 'photo_perimee', date_photo: '2026-11-15', seuil_jours: 30 });
      } finally {
        await t.stop();
      }
    });
  });

  describe('when the database goes away under a running server', () => {
    let t: RunningService;
    let cut: () => Promise<void>;
    before(async () => {
      const direct = await freshDatabase();
      const url = new URL(direct.url);
      const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
      cut = proxy.cut;
      url.host = `127.0.0.1:${proxy.port}`;
      const viaProxy = createKnex(url.toString(), 4);
      const db: Database = {
        ...direct,
        knex: viaProxy,
        async close() {
          await viaProxy.destroy().catch(() => {});
          await direct.close();
        },
      };
      t = await startTestService({ ...base, db, now: () => new Date('2026-11-20T10:00:00Z') });
      const last = await ingestWidgets(t.service.store, { version: '2026-11-15' });
      await t.service.runner.caughtUp(last);
      expect((await fetch(`${t.baseUrl}/v1/test/widget/0001`)).status).to.equal(200);
      expect((await fetch(`${t.baseUrl}/v1/lecture`)).status).to.equal(200);
      expect((await fetch(`${t.baseUrl}/v1/provenance/registres`)).status).to.equal(200);
      await cut();
    });
    after(() => t.stop());

    it('a priced route answers 503 base_indisponible', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/test/widget/0001`);
      expect(res.status).to.equal(503);
      expect(body.error).to.equal('base_indisponible');
    });

    it('the closed lists keep answering, with the last upstream fingerprints known', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/lecture`);
      expect(res.status).to.equal(200);
      expect(body.codes_erreur.map((e: { code: string }) => e.code)).to.include('base_indisponible');
      expect(body.empreintes_amont).to.deep.include({
        registre: 'test.widgets',
        version: '2026-11-15',
        date_photo: '2026-11-15',
        empreinte_sha256: FILE_SHA,
        completee_le: body.empreintes_amont.find((e: { registre: string }) => e.registre === 'test.widgets')
          ?.completee_le,
      });
      // Read within the snapshot cache's few seconds, the facts are still current; later, the last known.
      expect(['a_jour', 'derniere_connue']).to.include(body.photos.etat);
    });

    it('the register dictionary keeps answering, each register with its last snapshot known', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/provenance/registres`);
      expect(res.status).to.equal(200);
      const widgets = body.registres.find((r: { code: string }) => r.code === 'test.widgets');
      expect(widgets.derniere_photo).to.include({ version: '2026-11-15', empreinte_sha256: FILE_SHA });
      expect(['a_jour', 'derniere_connue']).to.include(body.photos.etat);
    });

    it('the register dictionary says its snapshots are the last known once the database is gone', async () => {
      // Past the snapshot cache (5 s at most): the facts can only be the last known.
      const deadline = Date.now() + 15_000;
      let body: Awaited<ReturnType<typeof getJson>>['body'] = {};
      let res: Response;
      do {
        ({ res, body } = await getJson(`${t.baseUrl}/v1/provenance/registres`));
        if (body.photos?.etat === 'derniere_connue') break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      } while (Date.now() < deadline);
      expect(body.photos).to.include({ etat: 'derniere_connue' });
      expect(body.photos.lues_le).to.be.a('string');
      expect(res.headers.get('cache-control'), 'not kept by caches').to.equal('no-cache');
    });

    it('health answers 503 base_indisponible', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/health`);
      expect(res.status).to.equal(503);
      expect(body.error).to.equal('base_indisponible');
    });
  });
});
