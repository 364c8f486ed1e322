import { familyOf } from '../openapi/buildOpenApi.ts';
import { PRICE_UNITS, priceLabelOf } from './price.ts';
import type { RouteRegistry } from './registry.ts';

/** One priced route as the JSON catalogue lists it. */
export interface PricedRoute {
  id: string;
  methode: string;
  chemin: string;
  famille: string;
  /** As the price lists write it: `$0.005`, or the per-request wording. */
  prix: string;
  /** Atomic units of a 6-decimal token (and of credits): the exact amount, or the floor of a per-request price. */
  prix_unites_atomiques: number;
  quota_gratuit: boolean;
  resume: string;
}

/** `GET /v1/catalogue.json`: what a price means, then every priced route of the registry with its price. */
export function priceListOf(registry: RouteRegistry): {
  unites: typeof PRICE_UNITS;
  nombre_routes: number;
  routes: PricedRoute[];
} {
  const routes = registry.routes
    .filter((r) => r.price > 0)
    .map((r) => ({
      id: r.id,
      methode: r.method,
      chemin: r.path,
      famille: familyOf(r),
      prix: priceLabelOf(r),
      prix_unites_atomiques: r.price,
      quota_gratuit: r.freeTier,
      resume: r.summary,
    }));
  return { unites: PRICE_UNITS, nombre_routes: routes.length, routes };
}
