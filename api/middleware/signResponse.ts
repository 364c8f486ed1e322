import type { ServedLog } from '../../ops/servedlog/servedLog.ts';
import { contentDigest } from '../../ops/signing/contentDigest.ts';
import {
  queryComponentValue,
  responseSignatureTemplate,
  SIGNATURE_LABEL,
} from '../../ops/signing/messageSignature.ts';
import type { Signer } from '../../ops/signing/signer.ts';
import { isPriced } from '../catalogue/route.ts';
import { isReplayed } from '../payment/x402Answers.ts';
import type { AppContext, AppMiddleware } from '../state.ts';

export interface SignResponseOptions {
  signer: Signer;
  servedLog: Pick<ServedLog, 'record'>;
  /** For tests; the signature's `created` and the served log's `servedAt` are the same instant. */
  now?: () => Date;
}

/**
 * Signs 2xx answers of priced routes: `Content-Digest` (RFC 9530) over the exact bytes sent, and an Ed25519
 * HTTP Message Signature (RFC 9421) over the request's method, path and query and the response's digest and
 * type; then queues the served response for the served log. Runs its work after `next()`, so it must sit
 * outside (before) every middleware that shapes the body, and nothing may re-encode the body after it.
 */
export function signResponse(opts: SignResponseOptions): AppMiddleware {
  const { signer, servedLog } = opts;
  const now = opts.now ?? (() => new Date());
  const template = responseSignatureTemplate(signer.keyId);
  return async function signResponse(ctx, next) {
    await next();
    const route = ctx.state.route;
    if (!route || !isPriced(route) || ctx.status < 200 || ctx.status > 299) return;
    // A kept x402 answer sent again is already signed, and already in the served log.
    if (isReplayed(ctx)) return;
    const bytes = sentBytes(ctx);
    if (!bytes) {
      ctx.state.log?.error(
        { route: route.id },
        'signResponse: body is not bytes, JSON or text; left unsigned',
      );
      return;
    }
    if (!ctx.response.get('Content-Type')) ctx.type = route.contentType ?? 'application/json';

    const instant = now();
    const digest = contentDigest(bytes);
    ctx.set('Content-Digest', digest);
    const params = template.params(Math.floor(instant.getTime() / 1000));
    const path = ctx.path || '/';
    const base = template.base(
      {
        method: ctx.method,
        path,
        query: queryComponentValue(ctx.querystring),
        contentDigest: digest,
        contentType: ctx.response.get('Content-Type'),
      },
      params,
    );
    const signature = `:${signer.sign(Buffer.from(base, 'ascii')).toString('base64')}:`;
    ctx.set('Signature-Input', `${SIGNATURE_LABEL}=${params}`);
    ctx.set('Signature', `${SIGNATURE_LABEL}=${signature}`);

    servedLog.record({
      routeId: route.id,
      method: ctx.method,
      path,
      query: ctx.querystring,
      status: ctx.status,
      contentDigest: digest,
      signature,
      signatureInput: params,
      keyId: signer.keyId,
      servedAt: instant.toISOString(),
    });
  };
}

/** The exact bytes that will be sent, set as the body so that what is signed is what is sent. */
function sentBytes(ctx: AppContext): Buffer | null {
  const body: unknown = ctx.body;
  let bytes: Buffer | null;
  if (ctx.state.bodyBytes) bytes = ctx.state.bodyBytes;
  else if (Buffer.isBuffer(body)) bytes = body;
  else if (typeof body === 'string') bytes = Buffer.from(body, 'utf8');
  else if (
    body !== null &&
    typeof body === 'object' &&
    typeof (body as { pipe?: unknown }).pipe !== 'function'
  ) {
    bytes = Buffer.from(JSON.stringify(body), 'utf8');
  } else bytes = null;
  if (bytes && body !== bytes) ctx.body = bytes;
  return bytes;
}
