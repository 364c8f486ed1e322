import type { RaisonAmont } from '../enums/raisonAmont.ts';

/**
 * Why a live register could not answer: down, timed out, refused us, circuit open, unreadable, our own
 * waiting room full (`sature`), or the register's own rate limit (`limite_amont`: it answered 429; calls are
 * refused at once until its `Retry-After` has passed).
 */
export class LiveUnavailableError extends Error {
  constructor(
    readonly register: string,
    /** One of the closed list `RAISONS_AMONT` (served by GET /v1/lecture). */
    readonly reason: RaisonAmont,
    message: string,
    /** When the register may be asked again (its `Retry-After`), in seconds; absent: unknown. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
