import { now, secondsSince } from '../core/timing.ts';

/** One route's timed requests: each SIREN's time in ms, and the statuses other than 200. */
export interface RouteTimes {
  ms: Map<string, number>;
  failures: Map<number, number>;
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
}): Promise<RouteTimes> {
  const headers = { 'x-api-key': opts.key };
  for (const siren of opts.sirens.slice(0, opts.warmUp ?? 20)) {
    await (await fetch(opts.urlOf(siren), { headers })).arrayBuffer();
  }
  const ms = new Map<string, number>();
  const failures = new Map<number, number>();
  for (const siren of opts.sirens) {
    const start = now();
    const res = await fetch(opts.urlOf(siren), { headers });
    await res.arrayBuffer();
    const elapsed = secondsSince(start) * 1000;
    if (res.status === 200) ms.set(siren, elapsed);
    else failures.set(res.status, (failures.get(res.status) ?? 0) + 1);
  }
  return { ms, failures };
}
