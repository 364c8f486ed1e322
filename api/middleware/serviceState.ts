import { ApiError } from '../errors/apiError.ts';
import type { AppMiddleware } from '../state.ts';

/**
 * Once the service is shutting down (SIGTERM), a request that still arrives on an open connection is refused
 * with 503 `service_en_arret` and `Connection: close`, never charged: the requests already running are drained,
 * their answers recorded, then the process exits.
 */
export function refuseWhileStopping(isStopping: () => boolean): AppMiddleware {
  return async function refuseWhileStoppingMiddleware(_ctx, next) {
    if (!isStopping()) return next();
    throw new ApiError(
      503,
      'service_en_arret',
      'Le service s’arrête ; réessayez dans un instant. / The service is shutting down; retry in a moment.',
      { extra: { motif_panne: 'service_en_arret' }, headers: { 'Retry-After': '5', Connection: 'close' } },
    );
  };
}

/**
 * Until the database has been reached and migrated (the service starts listening before, so that it answers
 * while PostgreSQL is down, and while a fresh start migrates), a priced route answers 503 `base_indisponible`,
 * never charged. An expected state of the start: one log line per request (the request's own, with the code);
 * the start itself logs why the database is not reached yet.
 */
export function requireDatabaseReady(isReady: () => boolean): AppMiddleware {
  return async function requireDatabaseReadyMiddleware(_ctx, next) {
    if (isReady()) return next();
    throw new ApiError(
      503,
      'base_indisponible',
      'Base de données du service pas encore joignable ; réessayez. / Service database not reachable yet; retry.',
      { extra: { motif_panne: 'base_indisponible' }, headers: { 'Retry-After': '5' }, expected: true },
    );
  };
}
