import { randomUUID } from 'node:crypto';
import type { Logger } from '../../ops/logger.ts';
import type { AppMiddleware } from '../state.ts';

const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Outermost: gives each request an id (kept from X-Request-Id when well-formed), a child logger, and one log
 * line. The child logger is made the first time something logs with it: most requests log nothing but their
 * request line, and that one is only written at level info.
 */
export function requestContext({ logger }: { logger: Logger }): AppMiddleware {
  return async function requestContextMiddleware(ctx, next) {
    const given = ctx.get('x-request-id');
    const requestId = SAFE_ID.test(given) ? given : randomUUID();
    ctx.state.requestId = requestId;
    let log: Logger | null = null;
    Object.defineProperty(ctx.state, 'log', {
      configurable: true,
      enumerable: true,
      get: () => {
        log ??= logger.child({ requestId });
        return log;
      },
      set: (value: Logger) => {
        log = value;
      },
    });
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
            ms: Math.round(ms * 10) / 10,
          },
          'request',
        );
      }
    }
  };
}
