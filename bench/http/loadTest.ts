import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses by status class, to prove the run measured the answers it meant to. */
  statuses: Record<string, number>;
  errors: number;
}

/**
 * A fixed-duration autocannon run against one URL, after a short warm-up. With `paths`, each connection
 * requests them in turn on the URL's host (many keys of one route rather than one cached row).
 */
export async function loadTest(opts: {
  url: string;
  paths?: readonly string[];
  headers?: Record<string, string>;
  connections?: number;
  seconds?: number;
  warmupSeconds?: number;
  /** Called between the warm-up and the timed run (to reset counters). */
  onMeasureStart?: () => void;
}): Promise<LoadResult> {
  const base = {
    url: opts.url,
    headers: opts.headers ?? {},
    connections: opts.connections ?? 10,
    ...(opts.paths ? { requests: opts.paths.map((path) => ({ method: 'GET' as const, path })) } : {}),
  };
  if ((opts.warmupSeconds ?? 2) > 0) await autocannon({ ...base, duration: opts.warmupSeconds ?? 2 });
  opts.onMeasureStart?.();
  const r = await autocannon({ ...base, duration: opts.seconds ?? 10 });
  return {
    requestsPerSecond: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    statuses: { '1xx': r['1xx'], '2xx': r['2xx'], '3xx': r['3xx'], '4xx': r['4xx'], '5xx': r['5xx'] },
    errors: r.errors + r.timeouts,
  };
}
