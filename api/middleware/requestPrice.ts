import type { HandlerDeps, PerRequestPrice, RouteDefinition } from '../catalogue/route.ts';
import type { AppMiddleware } from '../state.ts';

/**
 * The exact price of one request to a route whose price depends on it (`perRequestPrice`): its `quote`
 * prepares the answer (kept in `ctx.state.prepared`) and prices it, before payment, so that the 402 quote,
 * the x402 verification and the credits charged all state the price of what is then served. A route
 * without a per-request price never has this step in its chain.
 */
export function requestPrice(
  route: RouteDefinition,
  perRequest: PerRequestPrice,
  deps: HandlerDeps,
): AppMiddleware {
  return async function requestPriceMiddleware(ctx, next) {
    const price = await perRequest.quote(ctx, deps);
    if (!Number.isSafeInteger(price) || price <= 0) {
      throw new Error(`route ${route.id}: a per-request price must be a positive integer, got ${price}`);
    }
    ctx.state.price = price;
    await next();
  };
}
