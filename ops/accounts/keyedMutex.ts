/** Runs functions one at a time per key, in arrival order; different keys run concurrently. */
export function createKeyedMutex() {
  const tails = new Map<string, Promise<unknown>>();
  async function withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    const tail = run.catch(() => {});
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  }
  /** Whether a function holds or waits for the key's lock: code that runs without awaiting may go first only when not. */
  withLock.busy = (key: string) => tails.has(key);
  return withLock;
}
