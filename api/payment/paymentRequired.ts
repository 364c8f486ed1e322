import type { PaymentRequired } from '@x402/core/types';
import { formatPrice } from '../catalogue/price.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import { encodeBase64Json } from './base64Json.ts';
import { bazaarExtensionOf } from './bazaarDiscovery.ts';
import type { PaymentConfig } from './paymentConfig.ts';
import type { PaymentRequirements } from './requirements.ts';

export interface Quote {
  /** Value of the `PAYMENT-REQUIRED` header: base64 of the UTF-8 JSON. */
  header: string;
  /** The 402 body: the same requirements, plus `price`, `free_tier` and a bilingual `message`. */
  body: Record<string, unknown>;
}

export interface ResourceInfo {
  url: string;
  description: string;
  mimeType: string;
}

export function resourceOf(route: RouteDefinition, url: string, mimeType?: string): ResourceInfo {
  return { url, description: route.summary, mimeType: mimeType ?? route.contentType ?? 'application/json' };
}

/**
 * The x402 v2 quote of a priced route: `{x402Version: 2, error, resource, accepts, extensions}` in header and
 * body; `extensions.bazaar` advertises the route to x402 discovery (bazaarDiscovery.ts).
 */
export function buildQuote(args: {
  route: RouteDefinition;
  /** This request's price in atomic units: the route's, or its per-request price. */
  price: number;
  resource: ResourceInfo;
  requirements: PaymentRequirements[];
  config: PaymentConfig;
  error: string;
  message: string;
  /** The request's parameters: the path ones fill the discovery extension's `pathParams`. */
  params?: Record<string, unknown>;
}): Quote {
  const paymentRequired: PaymentRequired = {
    x402Version: 2,
    error: args.error,
    resource: args.resource,
    accepts: args.requirements,
    extensions: bazaarExtensionOf(args.route, args.params),
  };
  return {
    header: encodeBase64Json(paymentRequired),
    body: {
      ...paymentRequired,
      message: args.message,
      price: formatPrice(args.price),
      free_tier: freeTierOf(args.route, args.config),
    },
  };
}

/** Whether a key's monthly free quota covers the route, how large it is, and where to get a key. */
export function freeTierOf(route: RouteDefinition, config: PaymentConfig): Record<string, unknown> {
  return {
    inclus: route.freeTier,
    appels_par_mois: config.freeCallsPerMonth,
    compte_url: config.accountUrl,
  };
}
