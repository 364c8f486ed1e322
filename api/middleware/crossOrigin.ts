import cors from '@koa/cors';
import type { AppMiddleware } from '../state.ts';

/**
 * Response headers a browser client may read: payment, credits, signature, digest, request id, limits, and a
 * document's provenance.
 */
export const EXPOSED_HEADERS = [
  'PAYMENT-REQUIRED',
  'PAYMENT-RESPONSE',
  'X-Credits-Charged',
  'X-Credits-Remaining',
  'Signature',
  'Signature-Input',
  'Content-Digest',
  'X-Request-Id',
  'X-Cache',
  'X-Payment-Replay',
  'Retry-After',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'ETag',
  // A document's provenance (a filed PDF has no JSON envelope: api/routes/documents.ts).
  'X-Registre',
  'X-Registre-Document-Id',
  'X-Registre-Url',
  'X-Registre-Consulte-Le',
  'X-Registre-Sha256',
  'X-Citation',
  'Accept-Ranges',
  'Idempotent-Replayed',
];

/**
 * CORS for browser clients: any origin may call (the API is paid by header, key or x402; the only cookies are
 * the account pages', and no credentials are allowed across origins); a preflight (OPTIONS) is answered here, before payment, never charged.
 */
export function crossOrigin(): AppMiddleware {
  return cors({
    origin: '*',
    allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    allowHeaders: [
      'X-Api-Key',
      'Authorization',
      'PAYMENT-SIGNATURE',
      'X-PAYMENT',
      'If-None-Match',
      'Content-Type',
      'Idempotency-Key',
    ],
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: 86_400,
    credentials: false,
  }) as unknown as AppMiddleware;
}
