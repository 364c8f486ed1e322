import { createHash } from 'node:crypto';
import { type IncomingHttpHeaders, request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect } from 'chai';
import { REGISTERS } from '../../app/registers.ts';
import { type RunningService, startTestService } from '../support/service.ts';
import { ingestWidgets, WIDGETS, widgetRoute, widgetsProjection } from '../support/widgetRegister.ts';

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
}

/** A request whose answer is read as sent on the wire: no decompression, any method and header. */
function raw(url: string, opts: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = request(url, { method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('HTTP conventions: CORS, caching, compression (e2e)', () => {
  let t: RunningService;
  before(async () => {
    t = await startTestService({
      projections: [widgetsProjection],
      routes: [widgetRoute],
      registers: [...REGISTERS, WIDGETS],
      payment: false,
    });
    await t.service.runner.caughtUp(
      await ingestWidgets(t.service.store, { version: new Date().toISOString().slice(0, 10) }),
    );
  });
  after(() => t.stop());

  describe('CORS', () => {
    it('a preflight is answered 204 for any origin, with the request headers a paying client sends', async () => {
      const res = await raw(`${t.baseUrl}/v1/test/widget/0001`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://app.example',
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'x-api-key, payment-signature',
        },
      });
      expect(res.status).to.equal(204);
      expect(res.headers['access-control-allow-origin']).to.equal('*');
      const allowed = String(res.headers['access-control-allow-headers']).toLowerCase();
      for (const h of ['x-api-key', 'authorization', 'payment-signature']) expect(allowed).to.contain(h);
      expect(res.headers['x-credits-charged']).to.equal(undefined);
    });

    it('an answer lets a browser read the payment, credit, signature, digest and request-id headers', async () => {
      const res = await raw(`${t.baseUrl}/v1/test/widget/0001`, {
        headers: { Origin: 'https://app.example' },
      });
      expect(res.status).to.equal(200);
      expect(res.headers['access-control-allow-origin']).to.equal('*');
      const exposed = String(res.headers['access-control-expose-headers']).toLowerCase();
      for (const h of [
        'payment-required',
        'payment-response',
        'x-credits-charged',
        'x-credits-remaining',
        'signature',
        'signature-input',
        'content-digest',
        'x-request-id',
        'ratelimit-remaining',
        'retry-after',
      ]) {
        expect(exposed, h).to.contain(h);
      }
    });

    it('a refusal carries the CORS headers too, so a browser can read the error', async () => {
      const res = await raw(`${t.baseUrl}/v1/test/widget/12`, { headers: { Origin: 'https://app.example' } });
      expect(res.status).to.equal(400);
      expect(res.headers['access-control-allow-origin']).to.equal('*');
    });
  });

  describe('caching', () => {
    it('a paid answer is private and never stored', async () => {
      const res = await raw(`${t.baseUrl}/v1/test/widget/0001`);
      expect(res.headers['cache-control']).to.equal('private, no-store');
    });

    it('a free document has a strong ETag and a public max-age, and answers 304 to its ETag', async () => {
      const first = await raw(`${t.baseUrl}/openapi.json`);
      expect(first.status).to.equal(200);
      const etag = String(first.headers.etag);
      expect(etag).to.match(/^"[^"]+"$/);
      expect(first.headers['cache-control']).to.equal('public, max-age=300');
      const again = await raw(`${t.baseUrl}/openapi.json`, { headers: { 'If-None-Match': etag } });
      expect(again.status).to.equal(304);
      expect(again.bytes.length).to.equal(0);
      const other = await raw(`${t.baseUrl}/openapi.json`, { headers: { 'If-None-Match': '"autre"' } });
      expect(other.status).to.equal(200);
    });
  });

  describe('compression', () => {
    it('a free document is sent gzip or br when accepted, and decodes to the same JSON', async () => {
      const plain = await raw(`${t.baseUrl}/openapi.json`);
      const gzip = await raw(`${t.baseUrl}/openapi.json`, { headers: { 'Accept-Encoding': 'gzip' } });
      const br = await raw(`${t.baseUrl}/openapi.json`, { headers: { 'Accept-Encoding': 'br' } });
      expect(gzip.headers['content-encoding']).to.equal('gzip');
      expect(br.headers['content-encoding']).to.equal('br');
      expect(gzip.bytes.length).to.be.below(plain.bytes.length);
      expect(JSON.parse(gunzipSync(gzip.bytes).toString('utf8'))).to.deep.equal(
        JSON.parse(plain.bytes.toString('utf8')),
      );
      expect(JSON.parse(brotliDecompressSync(br.bytes).toString('utf8'))).to.deep.equal(
        JSON.parse(plain.bytes.toString('utf8')),
      );
    });

    it('a signed answer is never compressed: its Content-Digest is over the exact bytes sent', async () => {
      const res = await raw(`${t.baseUrl}/v1/test/widget/0001`, {
        headers: { 'Accept-Encoding': 'gzip, br' },
      });
      expect(res.status).to.equal(200);
      expect(res.headers['content-encoding']).to.equal(undefined);
      const digest = `sha-256=:${createHash('sha256').update(res.bytes).digest('base64')}:`;
      expect(res.headers['content-digest']).to.equal(digest);
    });
  });
});
