import { createHash } from 'node:crypto';
import type { RouteDefinition } from '../catalogue/route.ts';
import type { AppMiddleware } from '../state.ts';
import type { SampleRequest } from './sampleRequest.ts';

/** The header that marks a sample answer: the route it samples. */
export const SAMPLE_HEADER = 'Echantillon';

/**
 * Puts the sample's parameters where the route's validation reads them, for the rest of the chain (the real
 * validation, freshness guard and handler); the request's own query comes back before the answer is signed,
 * so the signature covers what the client asked. The answer is marked as a sample and is never charged (no
 * payment middleware runs on this path).
 */
export function answerSample(route: RouteDefinition, sample: SampleRequest): AppMiddleware {
  const querystring = new URLSearchParams(sample.query).toString();
  return async function answerSampleMiddleware(ctx, next) {
    const asked = ctx.querystring;
    ctx.params = { ...sample.path };
    ctx.querystring = querystring;
    try {
      await next();
    } finally {
      ctx.querystring = asked;
    }
    ctx.set(SAMPLE_HEADER, route.id);
    ctx.set('Cache-Control', 'no-store');
  };
}

/** A POST route's sample: its body's example, as the body a client would send (readBody.ts). */
export function sampleBody(route: RouteDefinition): AppMiddleware {
  const example = route.body!.example;
  const digest = createHash('sha256').update(JSON.stringify(example)).digest('hex');
  return async function sampleBodyMiddleware(ctx, next) {
    ctx.state.body = structuredClone(example);
    ctx.state.bodyDigest = digest;
    await next();
  };
}
