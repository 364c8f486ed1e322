import { randomUUID } from 'node:crypto';
import type { Logger } from '../../ops/logger.ts';
import type { AppMiddleware } from '../state.ts';

const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Outermost: gives each request an id (kept from X-Request-Id when well-formed), a child logger, and one log
 * line, built only when the level writes it (info).
 */
export function requestContext({ logger }: { logger: Logger }): AppMiddleware {
  return async function requestContextMiddleware(ctx, next) {
    const given = ctx.get('x-request-id');
    const requestId = SAFE_ID.test(given) ? given : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      if (logger.isLevelEnabled('info')) {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        ctx.state.log.info(
          {
            method: ctx.method,
            path: ctx.path,
            route: ctx.state.route?.id ?? null,
            status: ctx.status,
            ...errorCodeOf(ctx.status, ctx.body),
            ms: Math.round(ms * 10) / 10,
          },
          'request',
        );
      }
    }
  };
}

/** The `error` code of a refusal's JSON body, for its log line. */
function errorCodeOf(status: number, body: unknown): { code?: string } {
  if (status < 400 || typeof body !== 'object' || body === null) return {};
  const code = (body as { error?: unknown }).error;
  return typeof code === 'string' ? { code } : {};
}
