import { createHash } from 'node:crypto';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '../errors/apiError.ts';
import { presentedKeys } from '../payment/presentedKeys.ts';
import type { AppMiddleware } from '../state.ts';
import { clientAddress } from './clientAddress.ts';

export interface RateLimits {
  /** Requests a second allowed to one API key, on average over the window; 0: no limit. */
  perKey: number;
  /** Requests a second allowed to one client address without a key (x402, quotes, free documents); 0: none. */
  perAddress: number;
  /** The window the averages are taken over: a client may burst within it. Default 10 s. */
  windowSeconds?: number;
}

/**
 * Rate limits per API key (a keyed call counts against its key, from any address) and per client address
 * (every other call), in this process's memory (rate-limiter-flexible): each API process limits what reaches
 * it. Every answer says where the caller stands (`RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset`
 * in seconds, and `RateLimit-Policy`); over the limit, `429 trop_de_requetes` with `Retry-After`, before any
 * payment: never charged, never settled.
 */
export function rateLimit(limits: RateLimits): AppMiddleware {
  const window = limits.windowSeconds ?? 10;
  const make = (perSecond: number) =>
    perSecond > 0 ? new RateLimiterMemory({ points: Math.ceil(perSecond * window), duration: window }) : null;
  const byKey = make(limits.perKey);
  const byAddress = make(limits.perAddress);
  return async function rateLimitMiddleware(ctx, next) {
    const key = presentedKeys(ctx)[0] ?? null;
    const limiter = key ? byKey : byAddress;
    if (!limiter) return next();
    const id = key
      ? `k:${createHash('sha256').update(key).digest('base64url').slice(0, 22)}`
      : `a:${clientAddress(ctx)}`;
    const limit = limiter.points;
    const policy = `${limit};w=${window}`;
    let state: RateLimiterRes;
    try {
      state = await limiter.consume(id, 1);
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      const retryAfter = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
      throw new ApiError(
        429,
        'trop_de_requetes',
        `Trop de requêtes : ${limit} par ${window} secondes ${key ? 'par clé' : 'par adresse'} ; réessayez dans ${retryAfter} s. Rien n’est facturé. / Too many requests; retry in ${retryAfter} s. Nothing is charged.`,
        {
          headers: {
            'Retry-After': String(retryAfter),
            'RateLimit-Policy': policy,
            'RateLimit-Limit': String(limit),
            'RateLimit-Remaining': '0',
            'RateLimit-Reset': String(retryAfter),
          },
        },
      );
    }
    ctx.set('RateLimit-Policy', policy);
    ctx.set('RateLimit-Limit', String(limit));
    ctx.set('RateLimit-Remaining', String(state.remainingPoints));
    ctx.set('RateLimit-Reset', String(Math.max(0, Math.ceil(state.msBeforeNext / 1000))));
    return next();
  };
}
