import type { HandlerDeps, PerRequestPrice, RouteDefinition } from '../catalogue/route.ts';
import type { SnapshotSessions } from '../catalogue/snapshotReader.ts';
import type { AppMiddleware } from '../state.ts';
import { readConsistently } from './readConsistently.ts';

/**
 * The exact price of one request to a route whose price depends on it (`perRequestPrice`): its `quote`
 * prepares the answer (kept in `ctx.state.prepared`) and prices it, before payment, so that the 402 quote,
 * the x402 verification and the credits charged all state the price of what is then served. A route
 * without a per-request price never has this step in its chain. The answer is prepared consistently
 * (readConsistently.ts): its rows are of the versions it cites, and what is priced is what is served.
 */
export function requestPrice(
  route: RouteDefinition,
  perRequest: PerRequestPrice,
  deps: HandlerDeps,
  snapshotSessions?: SnapshotSessions,
): AppMiddleware {
  return async function requestPriceMiddleware(ctx, next) {
    const price = await readConsistently(ctx, snapshotSessions, (readSnapshots) =>
      perRequest.quote(ctx, readSnapshots ? { ...deps, readSnapshots } : deps),
    );
    if (!Number.isSafeInteger(price) || price <= 0) {
      throw new Error(`route ${route.id}: a per-request price must be a positive integer, got ${price}`);
    }
    ctx.state.price = price;
    await next();
  };
}
