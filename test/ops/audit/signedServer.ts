import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import type { RouteDefinition } from '../../../api/catalogue/route.ts';
import { signResponse } from '../../../api/middleware/signResponse.ts';
import type { AppMiddleware, AppState } from '../../../api/state.ts';
import type { ServedLog } from '../../../ops/servedlog/servedLog.ts';
import type { Signer } from '../../../ops/signing/signer.ts';
import { testLogger } from '../../support/database.ts';

function fakeRoute(id: string, path: string, price: number): RouteDefinition {
  return {
    id,
    method: 'GET',
    path,
    summary: id,
    params: [],
    price,
    freeTier: false,
    registers: ['test'],
    projections: [],
    responseSchema: {},
    handler: async () => ({ body: {} }),
  };
}

function bind(route: RouteDefinition): AppMiddleware {
  return async function bindFakeRoute(ctx, next) {
    ctx.state.route = route;
    ctx.state.log = testLogger;
    await next();
  };
}

/**
 * A tiny Koa app with fake routes behind the real signing middleware, listening on 127.0.0.1:
 * `/v1/entreprises/:siren` priced, answering exact bytes as the envelope does; `/v1/objet` priced, answering
 * an object; `/v1/gratuit` free; `/v1/absent` priced, answering 404.
 */
export async function startSignedServer(deps: { signer: Signer; servedLog: Pick<ServedLog, 'record'> }) {
  const router = new Router<AppState>();
  const sign = signResponse(deps);
  router.get(
    '/v1/entreprises/:siren',
    bind(fakeRoute('entreprise.profil', '/v1/entreprises/{siren}', 2000)),
    sign,
    (ctx) => {
      const bytes = Buffer.from(
        JSON.stringify({
          citation: 'Registre test, 2025',
          data: { siren: ctx.params.siren, nom: 'Société Générale' },
        }),
      );
      ctx.state.bodyBytes = bytes;
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = bytes;
    },
  );
  router.get('/v1/objet', bind(fakeRoute('objet', '/v1/objet', 1000)), sign, (ctx) => {
    ctx.body = { citation: 'Registre test', data: [1, 2, 3] };
  });
  router.get('/v1/gratuit', bind(fakeRoute('gratuit', '/v1/gratuit', 0)), sign, (ctx) => {
    ctx.body = { data: 'free' };
  });
  router.get('/v1/absent', bind(fakeRoute('absent', '/v1/absent', 2000)), sign, (ctx) => {
    ctx.status = 404;
    ctx.body = { error: 'introuvable', message: 'absent' };
  });
  const koa = new Koa<AppState>();
  koa.use(router.routes());
  const server = koa.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

/** What `curl -si <url>` prints for the response: status line, headers, blank line, body bytes. */
export async function fetchAsCurl(url: string): Promise<{ raw: Buffer; response: Response }> {
  const response = await fetch(url);
  const body = Buffer.from(await response.arrayBuffer());
  const lines = [`HTTP/1.1 ${response.status} ${response.statusText}`];
  response.headers.forEach((value, name) => {
    lines.push(`${name}: ${value}`);
  });
  return { raw: Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body]), response };
}
