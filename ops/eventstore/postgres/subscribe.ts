import type { Knex } from 'knex';
import type { NotificationSource } from '../../database/notifications.ts';
import type { Logger } from '../../logger.ts';
import type { RecordedEvent, SubscribeOptions, Subscription } from '../port.ts';
import { parseAppendedPayload } from './insertEvents.ts';
import { readAll, readWindow, type Window } from './readAll.ts';
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
  const expand = opts.upcast;
  const batchSize = opts.batchSize ?? 500;
  let position = opts.from;
  let stopped = false;
  let dirty = true;
  let wake: (() => void) | null = null;
  // While a caught-up subscriber lets appends gather (opts.coalesce): ends the wait early.
  let hurry: (() => void) | null = null;
  let caughtUp = false;
  // Since the last read: an append that may not wait (another type, or a wake-up that says nothing).
  let urgent = false;
  const waiters: { target: bigint; resolve: () => void; reject: (e: unknown) => void }[] = [];
  let failure: unknown = null;

  // From a read until its events are delivered and `position` moved: no passing over meanwhile.
  let reading = false;
  // The schema of the events table read here: wake-ups from other schemas of the database only wake.
  let schema: string | null = null;
  // An append described by its wake-up, holding none of the subscriber's types, right after what was
  // delivered: passed over without a read. Anything else (or a lost wake-up) leads to a read, as before.
  const passOver = (payload: string): boolean => {
    if (!opts.types || schema === null || reading || dirty || failure !== null) return false;
    const appended = parseAppendedPayload(payload);
    if (!appended || appended.schema !== schema || appended.first !== position + 1n) return false;
    if (appended.types.some((t) => opts.types!.has(t))) return false;
    position = appended.last;
    opts.onSkipped?.(position);
    settleWaiters();
    return true;
  };
  // An append that holds, of the types handled here, only types that may gather (or another schema's).
  const mayWait = (payload: string): boolean => {
    const appended = opts.coalesce ? parseAppendedPayload(payload) : null;
    if (!appended) return false;
    if (schema !== null && appended.schema !== schema) return true;
    return appended.types.every((t) => opts.coalesce!.types.has(t) || (opts.types && !opts.types.has(t)));
  };
  const poke = (payload = '') => {
    if (passOver(payload)) return;
    if (!mayWait(payload)) urge();
    dirty = true;
    const w = wake;
    wake = null;
    w?.();
  };
  /**
   * Read without letting appends gather: somebody waits on a position, the subscription stops, or an
   * append of another type came.
   */
  const urge = () => {
    urgent = true;
    const h = hurry;
    hurry = null;
    h?.();
  };
  const gather = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        hurry = null;
        resolve();
      }, ms);
      hurry = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const settleWaiters = () => {
    for (let i = waiters.length - 1; i >= 0; i--) {
      const w = waiters[i]!;
      if (failure !== null) w.reject(failure);
      else if (position >= w.target) w.resolve();
      else continue;
      waiters.splice(i, 1);
    }
  };

  // Read with the other subscriptions of its group, when it has one (readGroups.ts).
  const membership =
    groups && opts.readGroup && opts.types
      ? groups.join(
          opts.readGroup,
          { types: opts.types, ...(opts.entities ? { entities: opts.entities } : {}) },
          opts.from,
          expand,
        )
      : null;
  /** One read: the events delivered, how far it looked (null: nothing after `from`), whether it was full. */
  const readNext = async (from: bigint): Promise<Window> => {
    if (membership) return membership.read(from, batchSize);
    if (opts.types) {
      // Only what the subscriber handles comes back; the position still moves past the rest.
      const filter = { types: opts.types, ...(opts.entities ? { entities: opts.entities } : {}) };
      return readWindow(knex, from, batchSize, filter, expand);
    }
    const batch = await readAll(knex, from, { limit: batchSize }, expand);
    return { batch, scannedTo: batch.at(-1)?.position ?? null, full: batch.length === batchSize };
  };

  const unlistenP = notifications.listen(EVENTS_CHANNEL, poke);

  const loop = (async () => {
    await unlistenP;
    if (opts.types) {
      schema = await knex
        .raw<{ rows: { schema: string }[] }>('select current_schema() as schema')
        .then((r) => r.rows[0]?.schema ?? null)
        .catch(() => null);
    }
    let backoff = 100;
    while (!stopped) {
      if (!dirty) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        continue;
      }
      if (opts.coalesce && caughtUp && !urgent && waiters.length === 0) {
        caughtUp = false;
        await gather(opts.coalesce.ms);
        continue;
      }
      caughtUp = false;
      urgent = false;
      dirty = false;
      let batch: RecordedEvent[];
      // How far the read looked, and whether it stopped at the limit (more may follow at once).
      let scannedTo: bigint | null;
      let full: boolean;
      reading = true;
      try {
        ({ batch, scannedTo, full } = await readNext(position));
        backoff = 100;
      } catch (err) {
        logger.warn(
          { err: (err as Error).message, backoffMs: backoff },
          'subscription read failed; retrying',
        );
        await new Promise((r) => setTimeout(r, backoff));
        backoff = Math.min(backoff * 2, 5000);
        dirty = true;
        reading = false;
        continue;
      }
      if (scannedTo === null) {
        reading = false;
        caughtUp = true;
        settleWaiters();
        opts.onRead?.({ atHead: true });
        continue;
      }
      if (batch.length > 0) {
        try {
          await opts.onEvents(batch);
        } catch (err) {
          failure = err;
          stopped = true;
          settleWaiters();
          opts.onError?.(err);
          break;
        }
      }
      position = scannedTo;
      if (batch.at(-1)?.position !== scannedTo) opts.onSkipped?.(position);
      reading = false;
      settleWaiters();
      if (full) dirty = true;
      else caughtUp = true;
      opts.onRead?.({ atHead: !full });
    }
    // Stopped or failed: the group's other members no longer keep windows for it, nor wait for it.
    membership?.leave();
  })();

  return {
    get position() {
      return position;
    },
    reached(target) {
      if (failure !== null) return Promise.reject(failure);
      if (position >= target) return Promise.resolve();
      return new Promise((resolve, reject) => {
        waiters.push({ target, resolve, reject });
        poke(); // a wake-up that says nothing also ends a gathering wait (see mayWait)
      });
    },
    async stop() {
      stopped = true;
      poke();
      await loop;
      await (await unlistenP)();
    },
  };
}
