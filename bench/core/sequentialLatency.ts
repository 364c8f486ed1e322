import { now, secondsSince } from './timing.ts';

/** The `q` quantile (0–1) of times already sorted ascending, by index; NaN for none. */
export const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

/** A row of a latency table: the median and the 95th percentile of sorted times, to `digits` decimals. */
export function latencyRow(variant: string, sorted: readonly number[], digits = 2) {
  return {
    variant,
    'p50 ms': quantile(sorted, 0.5).toFixed(digits),
    'p95 ms': quantile(sorted, 0.95).toFixed(digits),
  };
}

/**
 * Each URL fetched in turn, its body read whole; the times in ms, sorted. Anything but a 200 stops the run.
 * `pauseMs` waits between two reads, untimed: a route whose upstream has a per-minute pace is read at that
 * pace, so no read is timed while it waits in the pace's queue.
 */
export async function timeEach(urls: readonly string[], opts: { pauseMs?: number } = {}): Promise<number[]> {
  const ms: number[] = [];
  for (const [i, url] of urls.entries()) {
    if (i > 0 && opts.pauseMs) await new Promise((resolve) => setTimeout(resolve, opts.pauseMs));
    const start = now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    ms.push(secondsSince(start) * 1000);
  }
  return ms.sort((a, b) => a - b);
}
