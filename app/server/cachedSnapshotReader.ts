import type { SnapshotReader } from '../../api/catalogue/snapshotReader.ts';

/** How long a snapshot state is served again from the cache at most (a writer outside this process). */
export const SNAPSHOT_CACHE_MS = 5000;

/**
 * Snapshot state changes only when a projection applies a snapshot event: answers are kept while no batch
 * holding one has been committed by this runner (`fingerprint` unchanged), and at most `maxAgeMs`, for writers
 * outside this process such as a rebuild from the command line. Saves one query on every priced request.
 *
 * An answer read again past half its age is served from the cache while the state is read anew beside it: the
 * new answer (dated from when its read began) replaces it once read. A route asked at least once every
 * `maxAgeMs` then never waits for the state (capital's misses, at the RNE's pace of one every 4.5 s, read it on
 * each miss before: two statements, one after the other, before the handler's own). No answer older than
 * `maxAgeMs` is ever served; a read that fails leaves the cached answer to expire at its own age.
 */
export function cachedSnapshotReader(
  read: SnapshotReader,
  fingerprint: () => string,
  maxAgeMs = SNAPSHOT_CACHE_MS,
  clock: () => number = Date.now,
): SnapshotReader {
  type Entry = { at: number; fingerprint: string; value: ReturnType<SnapshotReader>; refreshing?: boolean };
  const cache = new Map<string, Entry>();
  const readInto = (query: Parameters<SnapshotReader>[0], print: string): Entry => ({
    at: clock(),
    fingerprint: print,
    value: read(query),
  });
  return (query) => {
    // A route asks with the same few names on every request: joined, they key the cache (JSON was a tenth of
    // a cached answer's cost, bench/HISTORY.md).
    const key = `${query.projections.join(',')}|${query.registers.join(',')}`;
    const print = fingerprint();
    const hit = cache.get(key);
    const age = hit ? clock() - hit.at : Number.POSITIVE_INFINITY;
    if (hit && hit.fingerprint === print && age < maxAgeMs) {
      if (age >= maxAgeMs / 2 && !hit.refreshing) {
        hit.refreshing = true;
        const next = readInto(query, print);
        next.value.then(
          () => {
            // Kept only if nothing newer took its place meanwhile (a commit changed the fingerprint).
            if (cache.get(key) === hit) cache.set(key, next);
          },
          () => {
            hit.refreshing = false;
          },
        );
      }
      return hit.value;
    }
    const entry = readInto(query, print);
    cache.set(key, entry);
    entry.value.catch(() => {
      if (cache.get(key) === entry) cache.delete(key);
    });
    return entry.value;
  };
}
