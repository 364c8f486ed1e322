import etag from '@koa/etag';
import conditional from 'koa-conditional-get';
import type { AppMiddleware } from '../state.ts';

/** How long a client or a shared cache may keep a free document before asking again (with its ETag). */
export const FREE_DOCUMENT_MAX_AGE_S = 300;

/**
 * A paid answer is the caller's own (signed for them, paid by them): never stored by a shared cache nor kept.
 */
export function paidAnswerCaching(): AppMiddleware {
  return async function paidAnswerCachingMiddleware(ctx, next) {
    try {
      await next();
    } finally {
      ctx.set('Cache-Control', 'private, no-store');
    }
  };
}

/**
 * Free documents (OpenAPI, catalogue, JWKS, register dictionary, closed lists): a strong ETag over the body,
 * `304 Not Modified` when `If-None-Match` matches, and a public max-age. Compression runs outside this, so the
 * ETag names the document, whatever its encoding.
 */
export function freeDocumentCaching(): AppMiddleware[] {
  const maxAge: AppMiddleware = async function freeDocumentMaxAge(ctx, next) {
    await next();
    // A free answer that is the caller's own (a watch, read by its owner) sets its own Cache-Control: kept.
    if (ctx.status >= 200 && ctx.status < 300 && !ctx.response.get('Cache-Control')) {
      // Snapshot facts served as the last known (the database unreachable) are not kept: asked again, they may
      // be current.
      ctx.set(
        'Cache-Control',
        ctx.state.lastKnownFacts ? 'no-cache' : `public, max-age=${FREE_DOCUMENT_MAX_AGE_S}`,
      );
    }
  };
  return [
    conditional() as unknown as AppMiddleware,
    etag({ weak: false }) as unknown as AppMiddleware,
    maxAge,
  ];
}
