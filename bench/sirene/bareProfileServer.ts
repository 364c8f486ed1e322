import http from 'node:http';
import type { Knex } from 'knex';
import Koa from 'koa';
import { readProfile } from '../../api/routes/entreprise/readProfile.ts';

/**
 * The baseline of the profile route: a bare Koa app running the same primary-key SELECT (`readProfile`) and
 * returning its row as JSON. No validation, payment, freshness, envelope, signature or served log.
 */
export async function startBareProfileServer(knex: Knex): Promise<{ port: number; close(): Promise<void> }> {
  const app = new Koa();
  app.use(async (ctx) => {
    const siren = /^\/bare\/(\d{9})$/.exec(ctx.path)?.[1];
    if (!siren) {
      ctx.status = 404;
      return;
    }
    // The route's own statement, sent as the route sends it (a named prepared statement).
    ctx.body = (await readProfile(knex, siren)) ?? { error: 'not found' };
  });
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeIdleConnections?.();
        server.close(() => resolve());
      }),
  };
}
