import type { SnapshotReader } from '../../api/catalogue/snapshotReader.ts';

/** How long a snapshot state is served again from the cache at most (a writer outside this process). */
export const SNAPSHOT_CACHE_MS = 5000;

/** Runs `run` once, `ms` from now (a timer that never keeps the process alive by itself). */
export type Schedule = (run: () => void, ms: number) => void;

const unrefTimeout: Schedule = (run, ms) => {
  setTimeout(run, ms).unref();
};

/**
 * Snapshot state changes only when a projection applies a snapshot event: answers are kept while no batch
 * holding one has been committed by this runner (`fingerprint` unchanged), and at most `maxAgeMs`, for writers
 * outside this process such as a rebuild from the command line. Saves one query on every priced request.
 *
 * A state asked for within the last `maxAgeMs` is read anew, between requests, once it is four fifths of that
 * age: a route asked at least once every `maxAgeMs` never waits for it, and its read is never beside a
 * request's own statements. Capital's misses, at the RNE's pace of one every 4.5 s, read it on every other
 * miss before, two statements one after the other ahead of the handler's. One not asked for `maxAgeMs` is
 * left to expire. No answer older than `maxAgeMs` is ever served; a read that fails leaves the cached answer
 * to expire at its own age.
 */
export function cachedSnapshotReader(
  read: SnapshotReader,
  fingerprint: () => string,
  maxAgeMs = SNAPSHOT_CACHE_MS,
  time: { clock: () => number; schedule: Schedule } = { clock: Date.now, schedule: unrefTimeout },
): SnapshotReader {
  const { clock, schedule } = time;
  type Query = Parameters<SnapshotReader>[0];
  type Entry = { at: number; fingerprint: string; value: ReturnType<SnapshotReader> };
  const cache = new Map<string, Entry>();
  /** When each state was last asked for: one not asked for `maxAgeMs` is no longer read ahead. */
  const askedAt = new Map<string, number>();

  /** Reads `query` into the cache under `key`; once read, the next read ahead is scheduled. */
  const readInto = (key: string, query: Query): Entry => {
    const entry: Entry = { at: clock(), fingerprint: fingerprint(), value: read(query) };
    entry.value.then(
      () => scheduleAhead(key, query, entry),
      () => undefined,
    );
    return entry;
  };
  const scheduleAhead = (key: string, query: Query, entry: Entry) => {
    schedule(
      () => {
        if (cache.get(key) !== entry || clock() - (askedAt.get(key) ?? 0) >= maxAgeMs) return;
        const next = readInto(key, query);
        // Kept only if nothing newer took its place meanwhile (a commit changed the fingerprint).
        next.value.then(
          () => {
            if (cache.get(key) === entry) cache.set(key, next);
          },
          () => undefined,
        );
      },
      Math.max(0, entry.at + (maxAgeMs * 4) / 5 - clock()),
    );
  };

  return (query) => {
    // A route asks with the same few names on every request: joined, they key the cache (JSON was a tenth of
    // a cached answer's cost, bench/HISTORY.md).
    const key = `${query.projections.join(',')}|${query.registers.join(',')}`;
    const now = clock();
    askedAt.set(key, now);
    const hit = cache.get(key);
    if (hit && hit.fingerprint === fingerprint() && now - hit.at < maxAgeMs) return hit.value;
    const entry = readInto(key, query);
    cache.set(key, entry);
    entry.value.catch(() => {
      if (cache.get(key) === entry) cache.delete(key);
    });
    return entry.value;
  };
}
