import type { RouteDefinition } from '../catalogue/route.ts';

/** The request a route's sample is answered for: its path and query parameters, from its declared examples. */
export interface SampleRequest {
  path: Record<string, string>;
  query: Record<string, string>;
  /** The route's own URL for that request (what a paying client would call). */
  url: string;
}

/**
 * A route's sample request: each required parameter takes the first of its schema's `examples` (the
 * OpenAPI document shows the same values), plus the route's `sampleQuery`. Null when a required parameter
 * has no example: such a route has no sample (a test refuses it).
 */
export function sampleRequestOf(route: RouteDefinition): SampleRequest | null {
  // A POST route's sample answers its body's example, unless the route writes (a watch created has no sample).
  if (route.method === 'POST' && !route.body?.sample) return null;
  const path: Record<string, string> = {};
  const query: Record<string, string> = { ...(route.sampleQuery ?? {}) };
  for (const p of route.params) {
    if (!p.required) continue;
    const example = (p.schema.examples as unknown[] | undefined)?.[0];
    if (example === undefined) return null;
    (p.in === 'path' ? path : query)[p.name] = String(example);
  }
  const filled = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(path[name] ?? ''));
  const qs = new URLSearchParams(query).toString();
  return { path, query, url: qs ? `${filled}?${qs}` : filled };
}

/** Where a route's sample is served. */
export const samplePathOf = (route: RouteDefinition) => `/v1/echantillons/${route.id}`;
