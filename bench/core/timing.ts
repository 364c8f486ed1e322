/** Monotonic clock in nanoseconds. */
export function now(): bigint {
  return process.hrtime.bigint();
}

/** Seconds elapsed since `start` (a value of `now()`). */
export function secondsSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

export interface Timed<T> {
  result: T;
  seconds: number;
}

/** Runs `fn` once and measures its wall-clock duration. */
export async function timed<T>(fn: () => Promise<T>): Promise<Timed<T>> {
  const start = now();
  const result = await fn();
  return { result, seconds: secondsSince(start) };
}

/** Items per second, 0 when no time elapsed. */
export function perSecond(count: number, seconds: number): number {
  return seconds > 0 ? count / seconds : 0;
}
