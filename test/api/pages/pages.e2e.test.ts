import { expect } from 'chai';
import { rawRequest } from '../../support/rawRequest.ts';
import { type RunningService, startTestService } from '../../support/service.ts';

/** Every http(s) address written in a text. */
function urlsIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s"'<>)]+/g) ?? [];
}

const LINKED_PATHS = [
  '/docs',
  '/openapi.json',
  '/v1/catalogue',
  '/mcp',
  '/v1/echantillons',
  '/v1/provenance/registres',
];

describe('Pages: GET / and GET /docs (e2e)', () => {
  let t: RunningService;
  /** The public address the service declares (BASE_URL), as in the OpenAPI `servers`. */
  let serverUrl: string;
  before(async () => {
    t = await startTestService({ payment: false });
    const doc = (await (await fetch(`${t.baseUrl}/openapi.json`)).json()) as { servers: { url: string }[] };
    serverUrl = doc.servers[0]!.url;
  });
  after(async () => {
    await t?.stop();
  });

  describe('GET /docs', () => {
    let html: string;
    let res: Response;
    before(async () => {
      res = await fetch(`${t.baseUrl}/docs`);
      html = await res.text();
    });

    it('answers 200 text/html, cached like the other free documents', () => {
      expect(res.status, html.slice(0, 300)).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).to.equal('public, max-age=300');
      expect(res.headers.get('etag')).to.match(/^"/);
    });

    it('loads Scalar from this server and renders /openapi.json', () => {
      const sources = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
      expect(sources).to.have.length(1);
      expect(sources[0]).to.match(/^\/docs\/assets\/scalar-api-reference-[0-9A-Za-z.-]+\.js$/);
      expect(html).to.include('data-url="/openapi.json"');
    });

    it('holds no inline script: only the script file and an inert JSON element', () => {
      const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts).to.have.length(2);
      for (const [, attributes, content] of scripts) {
        expect(content, 'script content').to.equal('');
        expect(attributes).to.satisfy(
          (a: string) => a.includes(' src="') || a.includes('type="application/json"'),
        );
      }
      expect(html).not.to.match(/\son[a-z]+=/i);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).to.include("script-src 'self'");
      expect(csp).not.to.include('unsafe-eval');
      expect(csp).to.include("frame-ancestors 'none'");
    });

    it('names no address outside the service', () => {
      for (const url of urlsIn(html)) expect(url.startsWith(serverUrl), url).to.equal(true);
      const configuration = JSON.parse(
        (html.match(/data-configuration="([^"]*)"/)?.[1] ?? '{}').replaceAll('&quot;', '"'),
      ) as Record<string, unknown>;
      expect(configuration).to.deep.include({ telemetry: false, withDefaultFonts: false });
      expect(configuration).not.to.have.property('proxyUrl');
    });

    it('speaks English to a browser that prefers it, French otherwise', async () => {
      const en = await (
        await fetch(`${t.baseUrl}/docs`, { headers: { 'Accept-Language': 'en-GB,en' } })
      ).text();
      expect(en).to.include('<html lang="en">');
      expect(html).to.include('<html lang="fr">');
      expect(res.headers.get('vary') ?? '').to.include('Accept-Language');
    });

    it('answers HEAD without a body', async () => {
      const head = await rawRequest(`${t.baseUrl}/docs`, { method: 'HEAD' });
      expect(head.status).to.equal(200);
      expect(head.headers['content-type']).to.equal('text/html; charset=utf-8');
      expect(head.body.length).to.equal(0);
    });

    it('is neither a route of the registry nor in the OpenAPI document', async () => {
      const doc = (await (await fetch(`${t.baseUrl}/openapi.json`)).json()) as {
        paths: Record<string, unknown>;
      };
      const paths = Object.keys(doc.paths);
      expect(paths).not.to.include('/docs');
      expect(paths).not.to.include('/');
      expect(paths.some((p) => p.startsWith('/docs'))).to.equal(false);
      const catalogue = await (await fetch(`${t.baseUrl}/v1/catalogue`)).text();
      expect(catalogue).not.to.match(/GET \/docs\b/);
    });
  });

  describe('GET /docs/assets/…', () => {
    let assetPath: string;
    before(async () => {
      const html = await (await fetch(`${t.baseUrl}/docs`)).text();
      assetPath = html.match(/<script src="([^"]+)"/)![1]!;
    });

    it('serves the whole bundle as JavaScript, kept a year under its versioned name', async () => {
      const res = await rawRequest(`${t.baseUrl}${assetPath}`, {
        headers: { 'Accept-Encoding': 'identity' },
      });
      expect(res.status).to.equal(200);
      expect(res.headers['content-type']).to.equal('application/javascript; charset=utf-8');
      expect(res.headers['cache-control']).to.equal('public, max-age=31536000, immutable');
      expect(res.headers['content-encoding']).to.equal(undefined);
      expect(res.body.length).to.be.greaterThan(1_000_000);
      expect(Number(res.headers['content-length'])).to.equal(res.body.length);
      // Scalar's global, which the page relies on, is defined by this file.
      expect(res.body.toString('utf8')).to.include('createApiReference');
    });

    it('sends it compressed once to a client that accepts it (br, gzip), the same script', async () => {
      const plain = await (
        await fetch(`${t.baseUrl}${assetPath}`, { headers: { 'Accept-Encoding': 'identity' } })
      ).arrayBuffer();
      for (const encoding of ['br', 'gzip']) {
        const raw = await rawRequest(`${t.baseUrl}${assetPath}`, {
          headers: { 'Accept-Encoding': encoding },
        });
        expect(raw.status).to.equal(200);
        expect(raw.headers['content-encoding']).to.equal(encoding);
        expect(raw.headers.vary ?? '').to.include('Accept-Encoding');
        expect(raw.body.length).to.be.within(100_000, plain.byteLength / 2);
      }
      const decoded = await (await fetch(`${t.baseUrl}${assetPath}`)).arrayBuffer();
      expect(Buffer.from(decoded).equals(Buffer.from(plain))).to.equal(true);
    });

    it('answers 304 to a client holding it, and HEAD without a body', async () => {
      const first = await rawRequest(`${t.baseUrl}${assetPath}`, { headers: { 'Accept-Encoding': 'gzip' } });
      const etag = first.headers.etag!;
      expect(etag).to.match(/^".+"$/);
      const again = await rawRequest(`${t.baseUrl}${assetPath}`, {
        headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': etag },
      });
      expect(again.status).to.equal(304);
      expect(again.body.length).to.equal(0);
      const head = await rawRequest(`${t.baseUrl}${assetPath}`, { method: 'HEAD' });
      expect(head.status).to.equal(200);
      expect(head.headers['content-type']).to.equal('application/javascript; charset=utf-8');
      expect(head.body.length).to.equal(0);
    });

    it('answers 404 route_inconnue for any other asset name', async () => {
      const res = await fetch(`${t.baseUrl}/docs/assets/scalar-api-reference-0.0.0.js`);
      expect(res.status).to.equal(404);
      expect(((await res.json()) as { error: string }).error).to.equal('route_inconnue');
    });
  });

  describe('GET /', () => {
    it('answers a short HTML page linking every entry point (French first, then English)', async () => {
      const res = await fetch(`${t.baseUrl}/`);
      const html = await res.text();
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('text/html; charset=utf-8');
      expect(res.headers.get('vary') ?? '').to.include('Accept');
      for (const p of LINKED_PATHS) expect(html, p).to.include(`href="${serverUrl}${p}"`);
      expect(html, 'account page').to.include(`href="${serverUrl}/compte"`);
      expect(html).to.include('<html lang="fr">');
      expect(html).to.match(/Catalogue en texte[^<]*\/ Plain-text catalogue/);
      expect(html).not.to.include('<script');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).to.match(/^default-src 'none'; style-src 'self';/);
      expect(csp).not.to.include('unsafe-inline');
    });

    it('links its stylesheets on this server (Pico CSS, then ours), kept a year under versioned names', async () => {
      const html = await (await fetch(`${t.baseUrl}/`)).text();
      const sheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]!);
      expect(sheets).to.have.length(2);
      expect(sheets[0]).to.match(/^\/assets\/pico-2\.[0-9.]+\.min\.css$/);
      expect(sheets[1]).to.match(/^\/assets\/registres-[0-9a-f]{12}\.css$/);
      for (const sheet of sheets) {
        const res = await fetch(`${t.baseUrl}${sheet}`);
        expect(res.status, sheet).to.equal(200);
        expect(res.headers.get('content-type')).to.equal('text/css; charset=utf-8');
        expect(res.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
      }
      const pico = await (await fetch(`${t.baseUrl}${sheets[0]}`)).text();
      expect(pico).to.include('Pico CSS');
    });

    it('a question other than the free sample’s is shown as the paid search to make, with its price', async () => {
      const res = await fetch(`${t.baseUrl}/?q=${encodeURIComponent('Acme <Industries>')}`);
      expect(res.status).to.equal(200);
      const html = await res.text();
      expect(html).to.include('id="essai-payant"');
      expect(html).to.include('recherche payante ($0.002)');
      expect(html).to.include(
        `curl -H 'X-Api-Key: rk_…' '${serverUrl}/v1/recherche?q=Acme+%3CIndustries%3E'`,
      );
      expect(html).to.include('value="Acme &lt;Industries&gt;"');
      expect(html).not.to.include('id="essai-reponse"');
    });

    it('answers the same links as JSON to Accept: application/json', async () => {
      const res = await fetch(`${t.baseUrl}/`, { headers: { Accept: 'application/json' } });
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('application/json; charset=utf-8');
      const body = (await res.json()) as {
        service: string;
        liens: { nom: string; url: string; description: string }[];
      };
      expect(body.service).to.equal('Registres API');
      const urls = body.liens.map((l) => l.url);
      expect(urls).to.include.members([
        ...LINKED_PATHS.map((p) => `${serverUrl}${p}`),
        `${serverUrl}/compte`,
      ]);
      expect(body.liens.map((l) => l.nom)).to.include.members([
        'documentation',
        'openapi',
        'catalogue',
        'mcp',
        'echantillons',
        'registres',
        'compte',
      ]);
      for (const l of body.liens) expect(l.description).to.include(' / ');
    });

    it('answers HTML to a browser and to a client that names no type', async () => {
      const browser = await fetch(`${t.baseUrl}/`, {
        headers: { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
      });
      expect(browser.headers.get('content-type')).to.equal('text/html; charset=utf-8');
      const raw = await rawRequest(`${t.baseUrl}/`);
      expect(raw.headers['content-type']).to.equal('text/html; charset=utf-8');
    });

    it('answers HEAD without a body, and 304 on its ETag', async () => {
      const head = await rawRequest(`${t.baseUrl}/`, { method: 'HEAD' });
      expect(head.status).to.equal(200);
      expect(head.body.length).to.equal(0);
      // node:http: fetch adds `Cache-Control: no-cache` to a conditional request, which forbids a 304.
      const first = await rawRequest(`${t.baseUrl}/`);
      const etag = first.headers.etag!;
      const again = await rawRequest(`${t.baseUrl}/`, { headers: { 'If-None-Match': etag } });
      expect(again.status).to.equal(304);
    });
  });
});
