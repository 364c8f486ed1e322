import { ExponentialBackoff, type IBackoff } from 'cockatiel';

/** How a failed webhook is tried again: exponential backoff (cockatiel's), for `windowMs` after its first try. */
export interface RetrySchedule {
  initialDelayMs: number;
  maxDelayMs: number;
  /** After this long since the first attempt, a delivery that still fails is abandoned. */
  windowMs: number;
}

export const DEFAULT_RETRY_SCHEDULE: RetrySchedule = {
  initialDelayMs: 30_000,
  maxDelayMs: 2 * 3_600_000,
  windowMs: 24 * 3_600_000,
};

/**
 * The wait before attempt `attempt + 1`, after `attempt` failures: the `attempt`-th delay of cockatiel's
 * exponential backoff (decorrelated jitter, capped at `maxDelayMs`). The attempt count lives in the database,
 * so a restarted notifier carries on the same schedule.
 */
export function delayAfter(attempt: number, schedule: RetrySchedule): number {
  const factory = new ExponentialBackoff({
    initialDelay: schedule.initialDelayMs,
    maxDelay: schedule.maxDelayMs,
  });
  let backoff: IBackoff<unknown> = factory.next();
  for (let i = 1; i < attempt; i++) backoff = backoff.next(undefined);
  return backoff.duration;
}
