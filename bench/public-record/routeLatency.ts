import type { CpuProfile, CpuProfileWindow } from '../core/cpuProfile.ts';
import { now, secondsSince } from '../core/timing.ts';

/** Requests sent untimed before the timed ones. */
export const WARM_UP = 20;

/** One route's timed requests: each SIREN's time in ms, and the statuses other than 200. */
export interface RouteTimes {
  ms: Map<string, number>;
  failures: Map<number, number>;
  /** The CPU profile of the timed requests, when asked (`profiling`). */
  profile?: CpuProfile;
}

/**
 * Each SIREN's URL fetched in turn with the key, its body read whole, timed; a warm-up of the first `warmUp`
 * untimed before. Statuses other than 200 are counted (a run that only failed measures nothing).
 */
export async function timeSequentially(opts: {
  sirens: readonly string[];
  urlOf: (siren: string) => string;
  key: string;
  warmUp?: number;
  /** Starts a CPU profile of this thread after the warm-up, stopped after the last request. */
  profiling?: () => Promise<CpuProfileWindow>;
}): Promise<RouteTimes> {
  const headers = { 'x-api-key': opts.key };
  for (const siren of opts.sirens.slice(0, opts.warmUp ?? WARM_UP)) {
    await (await fetch(opts.urlOf(siren), { headers })).arrayBuffer();
  }
  const ms = new Map<string, number>();
  const failures = new Map<number, number>();
  const window = opts.profiling ? await opts.profiling() : null;
  for (const siren of opts.sirens) {
    const start = now();
    const res = await fetch(opts.urlOf(siren), { headers });
    await res.arrayBuffer();
    const elapsed = secondsSince(start) * 1000;
    if (res.status === 200) ms.set(siren, elapsed);
    else failures.set(res.status, (failures.get(res.status) ?? 0) + 1);
  }
  const profile = window ? await window.stop() : undefined;
  return profile ? { ms, failures, profile } : { ms, failures };
}
