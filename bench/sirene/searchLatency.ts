import type { Knex } from 'knex';
import { RESULTS_PER_CALL } from '../../api/routes/recherche.ts';
import { searchCompanies } from '../../projections/fr-sirene-recherche/searchCompanies.ts';
import { parseFrenchIdentifier } from '../../schemas/params/frenchIdentifier.ts';
import { cleanSearchText } from '../../schemas/params/searchText.ts';
import { now, secondsSince } from '../core/timing.ts';

/** One search, whatever runs it (the read model directly, a baseline SQL, or the HTTP route). */
export type SearchFn = (q: string) => Promise<unknown>;

export interface LatencyFigures {
  queries: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

/**
 * Runs every query once, one after another (the latency one client sees, not throughput), after `warmup`
 * queries that are not counted; milliseconds, nearest-rank percentiles.
 */
export async function measureSearchLatency(
  search: SearchFn,
  queries: readonly string[],
  opts: { warmup?: number } = {},
): Promise<LatencyFigures> {
  for (const q of queries.slice(0, opts.warmup ?? 20)) await search(q);
  const times: number[] = [];
  for (const q of queries) {
    const start = now();
    await search(q);
    times.push(secondsSince(start) * 1000);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    queries: times.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? 0,
    mean: times.reduce((s, t) => s + t, 0) / Math.max(1, times.length),
  };
}

/** The search exactly as the route runs it (cleaning, identifier recognition, stages), on a knex. */
export function searchWithKnex(knex: Knex): SearchFn {
  return (q) => {
    const text = cleanSearchText(q);
    const parsed = parseFrenchIdentifier(text);
    return searchCompanies(knex, {
      text,
      identifier: parsed && 'identifier' in parsed ? parsed.identifier : null,
      limit: RESULTS_PER_CALL,
    });
  };
}

/** The search through a running service's HTTP route (`headers` may carry an API key). */
export function searchOverHttp(baseUrl: string, headers: Record<string, string> = {}): SearchFn {
  return async (q) => {
    const res = await fetch(`${baseUrl}/v1/recherche?q=${encodeURIComponent(q)}`, { headers });
    if (res.status !== 200 && res.status !== 400) throw new Error(`GET /v1/recherche answered ${res.status}`);
    return res.json();
  };
}
