import type Router from '@koa/router';
import type { AppMiddleware, AppState } from '../state.ts';

/** What the read-only API answers on a path no route names the methods of: GET, HEAD and OPTIONS. */
export const READ_ONLY_ALLOW = 'HEAD, GET, OPTIONS';

/** A header list of methods with OPTIONS added, unless it names it already. */
export function withOptions(allow: string): string {
  const methods = allow.split(',').map((m) => m.trim().toUpperCase());
  return methods.includes('OPTIONS') ? allow : `${allow}, OPTIONS`;
}

/**
 * The router's answers to a method a path does not serve (405, 501) and to a plain OPTIONS (200), their `Allow`
 * naming OPTIONS too: every routed path answers it (a CORS preflight in crossOrigin.ts, a plain OPTIONS here),
 * while the router lists only the methods its routes were declared with.
 */
export function allowedMethods(router: Router<AppState>): AppMiddleware {
  const routerAllowed = router.allowedMethods() as unknown as AppMiddleware;
  return async function allowedMethodsMiddleware(ctx, next) {
    await routerAllowed(ctx, next);
    const allow = ctx.response.get('Allow');
    if (allow) ctx.set('Allow', withOptions(allow));
  };
}
