import { ApiError } from '../errors/apiError.ts';
import { isDatabaseOutage } from '../errors/databaseOutage.ts';
import type { AppMiddleware } from '../state.ts';
import { READ_ONLY_ALLOW } from './allowedMethods.ts';

/**
 * Turns every failure into a JSON answer with a code from the closed list. Nothing below can produce a 500
 * or a 502: an unreachable database is 503 base_indisponible, an unforeseen fault 503 incident_interne
 * (logged with the request id; nothing is charged since the status is not 2xx).
 */
export function errorHandler(): AppMiddleware {
  return async function errorHandlerMiddleware(ctx, next) {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        throw new ApiError(
          404,
          'route_inconnue',
          `Aucune route ne sert ${ctx.method} ${ctx.path}. / No route serves this path.`,
        );
      }
      // The router answers 405 for a method it knows (POST, PUT, ...) and 501 for one it does not route at all
      // (PROPFIND, TRACE, LOCK, ...): the API is read-only, so both are the same refusal.
      if (ctx.status === 405 || ctx.status === 501) {
        throw new ApiError(
          405,
          'methode_non_permise',
          'Méthode non servie sur cette route. / Method not served on this route.',
          {
            headers: { Allow: ctx.response.get('Allow') || READ_ONLY_ALLOW },
          },
        );
      }
      if (ctx.status >= 500 && ctx.status !== 503) {
        // A status set by hand below us: never let a 500/502 through.
        throw new Error(`status ${ctx.status} set below the error handler`);
      }
    } catch (err) {
      const apiError = toApiError(err);
      if (apiError.status === 503 && apiError.code === 'incident_interne') {
        ctx.state.log?.error({ err }, 'unexpected fault');
      } else if (apiError.status === 503 && !apiError.expected) {
        ctx.state.log?.warn({ code: apiError.code, err: (err as Error)?.message }, 'outage');
      }
      ctx.status = apiError.status;
      ctx.body = apiError.toBody();
      for (const [k, v] of Object.entries(apiError.headers)) ctx.set(k, v);
    }
  };
}

/** What a failure becomes for the client: its own refusal, or an outage code (never a 500). */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (isDatabaseOutage(err)) {
    return new ApiError(
      503,
      'base_indisponible',
      'Base de données du service indisponible ; réessayez. / Service database unavailable; retry.',
      {
        extra: { motif_panne: 'base_indisponible' },
        headers: { 'Retry-After': '30' },
      },
    );
  }
  const e = err as { status?: unknown; expose?: unknown; message?: unknown };
  // Koa's own client errors (e.g. malformed URL encoding) keep their 4xx.
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
    return new ApiError(
      e.status,
      'parametre_invalide',
      String(e.message ?? 'Requête invalide. / Invalid request.'),
    );
  }
  return new ApiError(
    503,
    'incident_interne',
    'Incident interne ; rien n’est facturé, réessayez. / Internal fault; nothing charged, retry.',
    {
      headers: { 'Retry-After': '30' },
    },
  );
}
