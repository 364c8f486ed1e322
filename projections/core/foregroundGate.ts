/** What the gate reads of a projection that is not deferred (a ProjectionWorker). */
export interface ForegroundWorker {
  readonly running: boolean;
  readonly atHead: boolean;
}

/**
 * Opens for the deferred projections (Projection.deferred) once every running projection that is not deferred
 * has read up to the head of the log; re-checked whenever one of them reports a change. A wait lasts at most
 * `maxWaitMs`: a projection that never catches up (a log fed faster than it applies) delays the deferred
 * ones, it never starves them.
 */
export class ForegroundGate {
  private foreground: readonly ForegroundWorker[] = [];
  private waiting: (() => void)[] = [];

  constructor(private readonly maxWaitMs = 5000) {}

  watch(foreground: readonly ForegroundWorker[]): void {
    this.foreground = foreground;
  }

  private get isOpen(): boolean {
    return this.foreground.every((w) => !w.running || w.atHead);
  }

  open(): Promise<void> {
    if (this.isOpen) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.maxWaitMs);
      timer.unref();
      const waiting = this.waiting;
      function done() {
        clearTimeout(timer);
        const at = waiting.indexOf(done);
        if (at >= 0) waiting.splice(at, 1);
        resolve();
      }
      waiting.push(done);
    });
  }

  check(): void {
    if (this.waiting.length === 0 || !this.isOpen) return;
    for (const done of [...this.waiting]) done();
  }
}
