import type { Knex } from 'knex';
import type { NotificationSource } from '../../database/notifications.ts';
import type { Logger } from '../../logger.ts';
import type { SubscribeOptions, Subscription } from '../port.ts';
import { parseAppendedPayload } from './insertEvents.ts';
import { type ReadFilter, readAll, readWindow, type Window } from './readAll.ts';
import type { ReadGroups } from './readGroups.ts';
import { EVENTS_CHANNEL } from './schema.ts';

/**
 * Catch-up, then live. When a read comes back empty the loop sleeps until a notification (or stop):
 * no query runs while the log is idle. A notification wakes the loop, which re-reads the table, unless it
 * describes an append the subscriber has no use for (see passOver).
 * With `types` (and `entities`), each read returns only the events the subscriber handles and moves the
 * position to the end of the window it looked at (readAllFiltered).
 * A failed read (database down) is retried with backoff; a handler failure stops the subscription.
 */
export function subscribe(
  knex: Knex,
  notifications: NotificationSource,
  logger: Logger,
  opts: SubscribeOptions,
  /** The event store's read groups (without them, `opts.readGroup` is ignored: the subscription reads alone). */
  groups?: ReadGroups,
): Subscription {
  return new CatchUpSubscription(knex, notifications, logger, opts, groups);
}

type Waiter = { target: bigint; resolve: () => void; reject: (e: unknown) => void };

/** The subscription's state and steps: the loop reads, delivers and sleeps; wake-ups and waiters steer it. */
class CatchUpSubscription implements Subscription {
  private readonly batchSize: number;
  private current: bigint;
  private stopped = false;
  private dirty = true;
  private wake: (() => void) | null = null;
  // While a caught-up subscriber lets appends gather (opts.coalesce): ends the wait early.
  private hurry: (() => void) | null = null;
  private caughtUp = false;
  // Since the last read: an append that may not wait (another type, or a wake-up that says nothing).
  private urgent = false;
  private readonly waiters: Waiter[] = [];
  private failure: unknown = null;
  // From a read until its events are delivered and the position moved: no passing over meanwhile.
  private reading = false;
  // The schema of the events table read here: wake-ups from other schemas of the database only wake.
  private schema: string | null = null;
  // Read with the other subscriptions of its group, when it has one (readGroups.ts).
  private readonly membership: ReturnType<ReadGroups['join']> | null;
  private readonly unlisten: Promise<() => Promise<void>>;
  private readonly loop: Promise<void>;

  constructor(
    private readonly knex: Knex,
    notifications: NotificationSource,
    private readonly logger: Logger,
    private readonly opts: SubscribeOptions,
    groups: ReadGroups | undefined,
  ) {
    this.batchSize = opts.batchSize ?? 500;
    this.current = opts.from;
    this.membership =
      groups && opts.readGroup && opts.types
        ? groups.join(opts.readGroup, filterOf({ ...opts, types: opts.types }), opts.from, opts.upcast)
        : null;
    this.unlisten = notifications.listen(EVENTS_CHANNEL, (payload) => this.poke(payload));
    this.loop = this.run();
  }

  get position(): bigint {
    return this.current;
  }

  reached(target: bigint): Promise<void> {
    if (this.failure !== null) return Promise.reject(this.failure);
    if (this.current >= target) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.push({ target, resolve, reject });
      this.poke(); // a wake-up that says nothing also ends a gathering wait (see mayWait)
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.poke();
    await this.loop;
    await (await this.unlisten)();
  }

  /**
   * An append described by its wake-up, holding none of the subscriber's types, right after what was
   * delivered: passed over without a read. Anything else (or a lost wake-up) leads to a read, as before.
   */
  private passOver(payload: string): boolean {
    const { opts } = this;
    if (!opts.types || this.schema === null || this.reading || this.dirty || this.failure !== null)
      return false;
    const appended = parseAppendedPayload(payload);
    if (!appended || appended.schema !== this.schema || appended.first !== this.current + 1n) return false;
    if (appended.types.some((t) => opts.types!.has(t))) return false;
    this.current = appended.last;
    opts.onSkipped?.(this.current);
    this.settleWaiters();
    return true;
  }

  /** An append that holds, of the types handled here, only types that may gather (or another schema's). */
  private mayWait(payload: string): boolean {
    const { opts } = this;
    const appended = opts.coalesce ? parseAppendedPayload(payload) : null;
    if (!appended) return false;
    if (this.schema !== null && appended.schema !== this.schema) return true;
    return appended.types.every((t) => opts.coalesce!.types.has(t) || (opts.types && !opts.types.has(t)));
  }

  private poke(payload = ''): void {
    if (this.passOver(payload)) return;
    if (!this.mayWait(payload)) this.urge();
    this.dirty = true;
    const w = this.wake;
    this.wake = null;
    w?.();
  }

  /**
   * Read without letting appends gather: somebody waits on a position, the subscription stops, or an
   * append of another type came.
   */
  private urge(): void {
    this.urgent = true;
    const h = this.hurry;
    this.hurry = null;
    h?.();
  }

  private gather(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.hurry = null;
        resolve();
      }, ms);
      this.hurry = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private settleWaiters(): void {
    const { waiters } = this;
    for (let i = waiters.length - 1; i >= 0; i--) {
      const w = waiters[i]!;
      if (this.failure !== null) w.reject(this.failure);
      else if (this.current >= w.target) w.resolve();
      else continue;
      waiters.splice(i, 1);
    }
  }

  /** One read: the events delivered, how far it looked (null: nothing after `from`), whether it was full. */
  private async readNext(from: bigint): Promise<Window> {
    const { opts, batchSize } = this;
    if (this.membership) return this.membership.read(from, batchSize);
    if (opts.types) {
      // Only what the subscriber handles comes back; the position still moves past the rest.
      return readWindow(this.knex, from, batchSize, filterOf({ ...opts, types: opts.types }), opts.upcast);
    }
    const batch = await readAll(this.knex, from, { limit: batchSize }, opts.upcast);
    return { batch, scannedTo: batch.at(-1)?.position ?? null, full: batch.length === batchSize };
  }

  private async run(): Promise<void> {
    await this.unlisten;
    if (this.opts.types) {
      this.schema = await this.knex
        .raw<{ rows: { schema: string }[] }>('select current_schema() as schema')
        .then((r) => r.rows[0]?.schema ?? null)
        .catch(() => null);
    }
    let backoff = 100;
    while (!this.stopped) {
      if (!this.dirty) {
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
        continue;
      }
      const { coalesce } = this.opts;
      if (coalesce && this.caughtUp && !this.urgent && this.waiters.length === 0) {
        this.caughtUp = false;
        await this.gather(coalesce.ms);
        continue;
      }
      this.caughtUp = false;
      this.urgent = false;
      this.dirty = false;
      this.reading = true;
      let read: Window;
      try {
        read = await this.readNext(this.current);
        backoff = 100;
      } catch (err) {
        this.logger.warn(
          { err: (err as Error).message, backoffMs: backoff },
          'subscription read failed; retrying',
        );
        await new Promise((r) => setTimeout(r, backoff));
        backoff = Math.min(backoff * 2, 5000);
        this.dirty = true;
        this.reading = false;
        continue;
      }
      if (!(await this.deliver(read))) break;
    }
    // Stopped or failed: the group's other members no longer keep windows for it, nor wait for it.
    this.membership?.leave();
  }

  /**
   * Hands a read's events to the handler and moves the position to how far the read looked (`scannedTo`;
   * null: nothing after the position, caught up). False when the handler failed: the subscription stops.
   */
  private async deliver({ batch, scannedTo, full }: Window): Promise<boolean> {
    const { opts } = this;
    if (scannedTo === null) {
      this.reading = false;
      this.caughtUp = true;
      this.settleWaiters();
      opts.onRead?.({ atHead: true });
      return true;
    }
    if (batch.length > 0) {
      try {
        await opts.onEvents(batch);
      } catch (err) {
        this.failure = err;
        this.stopped = true;
        this.settleWaiters();
        opts.onError?.(err);
        return false;
      }
    }
    this.current = scannedTo;
    if (batch.at(-1)?.position !== scannedTo) opts.onSkipped?.(this.current);
    this.reading = false;
    this.settleWaiters();
    if (full) this.dirty = true;
    else this.caughtUp = true;
    opts.onRead?.({ atHead: !full });
    return true;
  }
}

/** A subscriber's read filter: its types, and its entities and weights when it has them. */
function filterOf(opts: SubscribeOptions & { types: ReadonlySet<string> }): ReadFilter {
  return {
    types: opts.types,
    ...(opts.entities ? { entities: opts.entities } : {}),
    ...(opts.weights ? { weights: opts.weights } : {}),
  };
}
