import http from 'node:http';
import type { Knex } from 'knex';
import Koa from 'koa';
import { readProfiles } from '../../api/routes/entreprise/readProfile.ts';
import { contentDigest } from '../../ops/signing/contentDigest.ts';
import {
  queryComponentValue,
  responseSignatureTemplate,
  SIGNATURE_LABEL,
} from '../../ops/signing/messageSignature.ts';
import type { Signer } from '../../ops/signing/signer.ts';

/**
 * The baseline of the profile route: a bare Koa app running the same primary-key SELECT (`readProfiles`) and
 * returning its row as JSON. No validation, payment, freshness, envelope, signature or served log.
 *
 * With `signer`, the floor of a signed answer instead: the same row serialised once, with the
 * `Content-Digest` and the Ed25519 HTTP Message Signature the service sends (same template, same signer
 * code as `signResponse`), and still nothing else: what the contract's signature alone costs a bare route.
 */
export async function startBareProfileServer(
  knex: Knex,
  opts: { signer?: Signer } = {},
): Promise<{ port: number; close(): Promise<void> }> {
  const app = new Koa();
  const { signer } = opts;
  const template = signer ? responseSignatureTemplate(signer.keyId) : null;
  app.use(async (ctx) => {
    const siren = /^\/bare\/(\d{9})$/.exec(ctx.path)?.[1];
    if (!siren) {
      ctx.status = 404;
      return;
    }
    // The route's own statement, a named prepared statement, sent for this request alone: the route reads
    // the profiles its concurrent requests ask for together (readProfile.ts), the floor does not.
    const row = (await readProfiles(knex, [siren])).get(siren) ?? { error: 'not found' };
    if (!signer || !template) {
      ctx.body = row;
      return;
    }
    const bytes = Buffer.from(JSON.stringify(row), 'utf8');
    const digest = contentDigest(bytes);
    const contentType = 'application/json; charset=utf-8';
    const params = template.params(Math.floor(Date.now() / 1000));
    const base = template.base(
      {
        method: ctx.method,
        path: ctx.path,
        query: queryComponentValue(ctx.querystring),
        contentDigest: digest,
        contentType,
      },
      params,
    );
    ctx.set('Content-Digest', digest);
    ctx.set('Signature-Input', `${SIGNATURE_LABEL}=${params}`);
    ctx.set(
      'Signature',
      `${SIGNATURE_LABEL}=:${signer.sign(Buffer.from(base, 'ascii')).toString('base64')}:`,
    );
    ctx.type = contentType;
    ctx.body = bytes;
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
