import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import { expect } from 'chai';
import Koa from 'koa';
import { errorHandler } from '../../../api/middleware/errorHandler.ts';
import { registerPageRoutes } from '../../../api/pages/pageRoutes.ts';
import type { AppState } from '../../../api/state.ts';

/** The page routes alone, behind the service's error handler, on a loopback port. */
async function servePages(deps: Parameters<typeof registerPageRoutes>[1]) {
  const router = new Router<AppState>();
  registerPageRoutes(router, deps);
  const koa = new Koa<AppState>();
  koa.silent = true;
  koa.use(errorHandler());
  koa.use(router.routes());
  const server = koa.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function expectNotInstalled(res: Response) {
  expect(res.status).to.equal(503);
  const body = (await res.json()) as { error: string; message: string };
  expect(body.error).to.equal('incident_interne');
  expect(body.message).to.include('@scalar/api-reference');
  expect(body.message).to.include('/openapi.json');
}

describe('Pages: the docs without their bundle answer 503, never 500 (e2e)', () => {
  it('package not installed: /docs and its assets answer 503 naming the package; / still answers', async () => {
    const s = await servePages({ serverUrl: 'http://localhost:3000', bundle: null });
    try {
      await expectNotInstalled(await fetch(`${s.url}/docs`));
      await expectNotInstalled(await fetch(`${s.url}/docs/assets/scalar-api-reference-1.0.0.js`));
      const landing = await fetch(`${s.url}/`);
      expect(landing.status).to.equal(200);
      expect(await landing.text()).to.include('href="http://localhost:3000/docs"');
    } finally {
      await s.close();
    }
  });

  it('bundle file gone: the page still renders, the asset answers 503', async () => {
    const s = await servePages({
      serverUrl: 'http://localhost:3000',
      bundle: { file: '/nonexistent/standalone.js', version: '9.9.9' },
    });
    try {
      expect((await fetch(`${s.url}/docs`)).status).to.equal(200);
      const asset = await fetch(`${s.url}/docs/assets/scalar-api-reference-9.9.9.js`);
      await expectNotInstalled(asset);
      expect(asset.headers.get('cache-control')).to.equal(null);
    } finally {
      await s.close();
    }
  });

  it('shows the account address it is given', async () => {
    const s = await servePages({
      serverUrl: 'http://localhost:3000',
      accountUrl: 'https://comptes.example/ouvrir',
      bundle: null,
    });
    try {
      const body = (await (await fetch(`${s.url}/`, { headers: { Accept: 'application/json' } })).json()) as {
        liens: { nom: string; url: string }[];
      };
      expect(body.liens.find((l) => l.nom === 'compte')?.url).to.equal('https://comptes.example/ouvrir');
    } finally {
      await s.close();
    }
  });
});
