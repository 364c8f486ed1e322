import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/** autocannon against `paths` in turn, on `connections` connections for `seconds`. */
export async function loadTest(opts: {
  port: number;
  paths: readonly string[];
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: `http://127.0.0.1:${opts.port}`,
    connections: opts.connections,
    duration: opts.seconds,
    headers: opts.headers,
    requests: opts.paths.map((path) => ({ method: 'GET', path })),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
