import type { RouteDefinition } from './route.ts';

export interface RouteRegistry {
  readonly routes: readonly RouteDefinition[];
  byId(id: string): RouteDefinition | undefined;
}

/** The single list every surface is generated from: router, OpenAPI, text catalogue, price list. */
export function createRouteRegistry(routes: readonly RouteDefinition[]): RouteRegistry {
  const ids = new Map<string, RouteDefinition>();
  const paths = new Set<string>();
  for (const r of routes) {
    if (ids.has(r.id)) throw new Error(`route id used twice: ${r.id}`);
    if (paths.has(r.path)) throw new Error(`route path used twice: ${r.path}`);
    if (!Number.isSafeInteger(r.price) || r.price < 0)
      throw new Error(`route ${r.id}: price must be integer atomic units`);
    const placeholders = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    for (const p of placeholders) {
      if (!r.params.some((d) => d.in === 'path' && d.name === p))
        throw new Error(`route ${r.id}: path parameter ${p} undeclared`);
    }
    ids.set(r.id, r);
    paths.add(r.path);
  }
  return { routes, byId: (id) => ids.get(id) };
}

/** `/v1/entreprise/{siren}` → `/v1/entreprise/:siren` for @koa/router. */
export function toRouterPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}
