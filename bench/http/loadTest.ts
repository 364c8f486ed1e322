import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses by status class, to prove the run measured the answers it meant to. */
  statuses: Record<string, number>;
  errors: number;
}

/** A fixed-duration autocannon run against one URL, after a short warm-up. */
export async function loadTest(opts: {
  url: string;
  headers?: Record<string, string>;
  connections?: number;
  seconds?: number;
  warmupSeconds?: number;
}): Promise<LoadResult> {
  const base = { url: opts.url, headers: opts.headers ?? {}, connections: opts.connections ?? 10 };
  if ((opts.warmupSeconds ?? 2) > 0) await autocannon({ ...base, duration: opts.warmupSeconds ?? 2 });
  const r = await autocannon({ ...base, duration: opts.seconds ?? 10 });
  return {
    requestsPerSecond: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    statuses: { '1xx': r['1xx'], '2xx': r['2xx'], '3xx': r['3xx'], '4xx': r['4xx'], '5xx': r['5xx'] },
    errors: r.errors + r.timeouts,
  };
}
