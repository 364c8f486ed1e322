import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ExpectedVersion, NewEvent } from '../eventstore/port.ts';
import { servedEntryKey } from './loggedEntries.ts';
import {
  chainEntriesWithJson,
  GENESIS_HASH,
  RESPONSE_SERVED,
  type ResponseServedData,
  type ServedEntry,
  servedStreamId,
} from './responseServed.ts';
import type { ServedLog, ServedLogOptions } from './servedLog.ts';

/**
 * Entries hashed and serialised between two turns of the event loop. A busy server's batch (500 entries,
 * about 11 µs each) chained in one piece held every request in flight for 10 to 25 ms, three times a second
 * (bench sirene: the services' event-loop delay); in slices, requests are answered between them.
 */
const CHAIN_SLICE = 50;

interface StreamTail {
  version: bigint | null;
  lastHash: string;
}

/**
 * The served-response log: `ResponseServed` events in `served-<UTC day>` streams, hash-chained per day.
 * Entries are queued and appended in batches off the request path, with the day stream's expected version;
 * when another process appended meanwhile, the tail is re-read and the batch re-chained onto it.
 */
export function createServedLog(opts: ServedLogOptions): ServedLog {
  const { eventStore, logger, journal, loggedEntries } = opts;
  const flushIntervalMs = opts.flushIntervalMs ?? 1000;
  const maxBatch = Math.max(1, opts.maxBatch ?? 500);
  const maxAttempts = opts.maxAttempts ?? 20;
  const maxPending = opts.maxPending ?? 100_000;

  let queue: ServedEntry[] = [];
  const tails = new Map<string, StreamTail>();
  let timer: NodeJS.Timeout | null = null;
  let chain: Promise<void> = Promise.resolve();
  let closed = false;
  /** A background flush is chained and has not started yet: another one would find nothing more to do. */
  let backgroundWaiting = false;

  function schedule(): void {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = null;
      flushInBackground();
    }, flushIntervalMs);
    timer.unref();
  }

  function flushInBackground(): void {
    if (backgroundWaiting) return;
    backgroundWaiting = true;
    flush(false).catch((error: unknown) => {
      logger.error({ err: error, pending: queue.length }, 'served log: append failed, will retry');
      schedule();
    });
  }

  /**
   * `all`: append everything queued, however long that takes (an explicit flush, close). A background flush
   * appends what is queued when it starts and then only full batches: what arrives during its appends waits
   * for the timer, so a busy server appends about once per interval rather than once per round trip.
   */
  function flush(all = true): Promise<void> {
    const run = chain.then(() => drain(all));
    chain = run.catch(() => {});
    return run;
  }

  async function drain(all: boolean): Promise<void> {
    backgroundWaiting = false;
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    try {
      if (journal?.holding) await replayJournal();
      await appendQueue(all);
    } catch (error) {
      await keepOnDisk();
      throw error;
    }
    if (queue.length > 0 || journal?.holding) schedule();
    forgetOldTails();
  }

  /**
   * The log cannot be written: what is queued goes to the local journal (fsync'd), to be appended once the
   * database answers again, here or by the next process started on this data directory. Without a journal,
   * or when the disk refuses too, it stays queued.
   */
  async function keepOnDisk(): Promise<void> {
    if (!journal || queue.length === 0) {
      dropOverflow();
      return;
    }
    const taken = queue;
    queue = [];
    try {
      await journal.keep(taken);
      logger.warn({ entries: taken.length }, 'served log: unwritable; served answers kept on local disk');
    } catch (err) {
      queue = taken.concat(queue);
      logger.error(
        { err: (err as Error).message, entries: taken.length },
        'served log: unwritable, and the served answers could not be kept on local disk either',
      );
      dropOverflow();
    }
  }

  /** Appends the journal's entries that are not in the log yet, file by file, then removes each file. */
  async function replayJournal(): Promise<void> {
    if (!journal) return;
    for (const file of await journal.backlog()) {
      const entries = await journal.read(file);
      const logged = loggedEntries ? await loggedEntries(entries) : new Map<string, number>();
      const missing = entries.filter((entry) => {
        const key = servedEntryKey(entry);
        const times = logged.get(key) ?? 0;
        if (times === 0) return true;
        logged.set(key, times - 1);
        return false;
      });
      await appendEntries(missing);
      await journal.remove(file);
      logger.info(
        { appended: missing.length, alreadyLogged: entries.length - missing.length },
        'served log: served answers kept on local disk appended',
      );
    }
  }

  async function appendEntries(entries: readonly ServedEntry[]): Promise<void> {
    for (const [streamId, list] of groupByStream(entries)) {
      for (let i = 0; i < list.length; i += maxBatch)
        await appendChained(streamId, list.slice(i, i + maxBatch));
    }
  }

  async function appendQueue(all: boolean): Promise<void> {
    let first = true;
    while (queue.length > 0 && (all || first || queue.length >= maxBatch)) {
      first = false;
      const taken = queue;
      queue = [];
      const byStream = groupByStream(taken);
      const unwritten: ServedEntry[] = [];
      let failure: unknown = null;
      for (const [streamId, entries] of byStream) {
        for (let i = 0; i < entries.length; i += maxBatch) {
          const batch = entries.slice(i, i + maxBatch);
          if (failure === null) {
            try {
              await appendChained(streamId, batch);
              continue;
            } catch (error) {
              failure = error;
            }
          }
          unwritten.push(...batch);
        }
      }
      if (failure !== null) {
        queue = unwritten.concat(queue);
        throw failure;
      }
    }
  }

  async function appendChained(streamId: string, entries: ServedEntry[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const tail = tails.get(streamId) ?? (await readTail(streamId));
      const { events, lastHash } = await chainInSlices(entries, tail.lastHash);
      const expected: ExpectedVersion = tail.version ?? 'no_stream';
      const result = await eventStore.append(streamId, events, expected);
      if (result.ok) {
        tails.set(streamId, { version: result.nextExpectedVersion, lastHash });
        return;
      }
      tails.delete(streamId);
      if (attempt >= maxAttempts)
        throw new Error(`served log: ${result.message} (gave up after ${attempt} attempts)`);
      logger.debug(
        { streamId, attempt, actual: result.actual?.toString() },
        'served log: stream moved, re-chaining',
      );
    }
  }

  /** The batch's events, chained after `previousHash`, their JSON written as they are hashed (CHAIN_SLICE). */
  async function chainInSlices(
    entries: readonly ServedEntry[],
    previousHash: string,
  ): Promise<{ events: NewEvent[]; lastHash: string }> {
    const events: NewEvent[] = [];
    let previous = previousHash;
    for (let i = 0; i < entries.length; i += CHAIN_SLICE) {
      if (i > 0) await nextTurn();
      for (const { data, dataJson } of chainEntriesWithJson(entries.slice(i, i + CHAIN_SLICE), previous)) {
        events.push({ type: RESPONSE_SERVED, data, dataJson });
        previous = data.hash;
      }
    }
    return { events, lastHash: previous };
  }

  async function readTail(streamId: string): Promise<StreamTail> {
    const version = await eventStore.streamVersion(streamId);
    if (version === null) return { version: null, lastHash: GENESIS_HASH };
    const [last] = await eventStore.readStream(streamId, { fromVersion: version, limit: 1 });
    if (!last) throw new Error(`served log: ${streamId} has version ${version} but no event there`);
    return { version: last.streamVersion, lastHash: (last.data as ResponseServedData).hash };
  }

  function groupByStream(entries: readonly ServedEntry[]): Map<string, ServedEntry[]> {
    const byStream = new Map<string, ServedEntry[]>();
    for (const entry of entries) {
      const id = servedStreamId(entry.servedAt);
      const list = byStream.get(id);
      if (list) list.push(entry);
      else byStream.set(id, [entry]);
    }
    return byStream;
  }

  function dropOverflow(): void {
    const excess = queue.length - maxPending;
    if (excess <= 0) return;
    const dropped = queue.splice(0, excess);
    logger.error(
      { dropped: dropped.length, from: dropped[0]?.servedAt, to: dropped.at(-1)?.servedAt },
      'served log: unwritable for too long, oldest served responses dropped from the log',
    );
  }

  function forgetOldTails(): void {
    // Only today's and yesterday's streams are still written to; keep a few, forget the rest.
    if (tails.size <= 3) return;
    const keep = [...tails.keys()].sort().slice(-3);
    for (const id of [...tails.keys()]) if (!keep.includes(id)) tails.delete(id);
  }

  return {
    record(entry) {
      if (closed) {
        logger.error(
          { path: entry.path, servedAt: entry.servedAt },
          'served log: closed, response not recorded',
        );
        return;
      }
      if (Number.isNaN(Date.parse(entry.servedAt))) {
        // Its day stream could not be named: it would block the queue forever.
        logger.error(
          { path: entry.path, servedAt: entry.servedAt },
          'served log: invalid servedAt, not recorded',
        );
        return;
      }
      queue.push(entry);
      if (queue.length >= maxBatch) flushInBackground();
      else schedule();
    },
    flush,
    async recover() {
      if (!journal) return;
      await journal.claimOrphans();
      if (journal.holding) await flush();
    },
    async close() {
      closed = true;
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      try {
        await flush();
      } catch (err) {
        // Kept on local disk, they are appended at the next start: nothing served is lost.
        if (queue.length === 0) return { keptOnDisk: true };
        throw new Error(
          `${queue.length} served answer(s) neither in the served log nor kept on disk: ${(err as Error).message}`,
        );
      }
      return { keptOnDisk: false };
    },
    get pending() {
      return queue.length;
    },
  };
}
