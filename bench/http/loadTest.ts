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
 *
 * `workers`: autocannon's own worker threads generate the load, off this thread's event loop (the connections
 * are shared among them). Without it (0), autocannon runs on this event loop, which the service under test
 * also runs on when it lives in this process: the load generator's work then delays the service's.
 */
export async function loadTest(opts: {
  url: string;
  paths?: readonly string[];
  headers?: Record<string, string>;
  connections?: number;
  /** Load generator threads (see above); 0 or absent: this thread. */
  workers?: number;
  seconds?: number;
  warmupSeconds?: number;
  /** Called between the warm-up and the timed run (to reset counters, start a profile). */
  onMeasureStart?: () => void | Promise<void>;
  /** Called as soon as the timed run ends. */
  onMeasureEnd?: () => void | Promise<void>;
}): Promise<LoadResult> {
  const base = {
    url: opts.url,
    headers: opts.headers ?? {},
    connections: opts.connections ?? 10,
    ...(opts.workers ? { workers: opts.workers } : {}),
    ...(opts.paths ? { requests: opts.paths.map((path) => ({ method: 'GET' as const, path })) } : {}),
  };
  if ((opts.warmupSeconds ?? 2) > 0) await autocannon({ ...base, duration: opts.warmupSeconds ?? 2 });
  await opts.onMeasureStart?.();
  const r = await autocannon({ ...base, duration: opts.seconds ?? 10 });
  await opts.onMeasureEnd?.();
  return {
    requestsPerSecond: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    statuses: { '1xx': r['1xx'], '2xx': r['2xx'], '3xx': r['3xx'], '4xx': r['4xx'], '5xx': r['5xx'] },
    errors: r.errors + r.timeouts,
  };
}
