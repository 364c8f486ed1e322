export interface RssSampler {
  /** Stops sampling and returns the highest resident set size seen, in bytes. */
  stop(): number;
}

/**
 * Samples this process's resident set size every `intervalMs` (and at start and stop): the peak of one
 * phase, where `process.resourceUsage().maxRSS` only gives the peak of the whole process life.
 */
export function startRssSampler(intervalMs = 50): RssSampler {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage.rss());
      return peak;
    },
  };
}

/** Peak resident set size of the whole process so far, in bytes. */
export function processPeakRss(): number {
  return process.resourceUsage().maxRSS * 1024;
}
