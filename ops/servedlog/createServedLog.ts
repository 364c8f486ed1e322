import type { Logger } from '../logger.ts';
import { replayServedJournal } from './replayServedJournal.ts';
import type { ServedEntry } from './responseServed.ts';
import { appendInBatches, createServedChains, type ServedChains } from './servedChains.ts';
import type { ServedJournal } from './servedJournal.ts';
import type { ServedLog, ServedLogOptions } from './servedLog.ts';

/**
 * The served-response log: `ResponseServed` events in `served-<UTC day>` streams, hash-chained per day.
 * Entries are queued and appended in batches off the request path, with the day stream's expected version;
 * when another process appended meanwhile, the tail is re-read and the batch re-chained onto it.
 */
export function createServedLog(opts: ServedLogOptions): ServedLog {
  const { eventStore, logger, journal } = opts;
  const flushIntervalMs = opts.flushIntervalMs ?? 1000;
  const maxBatch = Math.max(1, opts.maxBatch ?? 500);
  const maxAttempts = opts.maxAttempts ?? 20;
  const maxPending = opts.maxPending ?? 100_000;

  /** Entries recorded and not appended yet, oldest first. */
  const queue: ServedQueue = { entries: [] };
  const chains = createServedChains({ eventStore, logger, maxAttempts });
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
      logger.error({ err: error, pending: queue.entries.length }, 'served log: append failed, will retry');
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
      if (journal?.holding) await replayServedJournal({ ...opts, journal, append: appendOrThrow });
      await appendQueue(queue, chains, maxBatch, all);
    } catch (error) {
      await keepOnDisk(queue, journal, maxPending, logger);
      throw error;
    }
    if (queue.entries.length > 0 || journal?.holding) schedule();
    chains.forgetOldTails();
  }

  async function appendOrThrow(entries: readonly ServedEntry[]): Promise<void> {
    const { failure } = await appendInBatches(chains, entries, maxBatch);
    if (failure !== null) throw failure;
  }

  return {
    record(entry) {
      const refusal = unrecordable(entry, closed);
      if (refusal) {
        logger.error({ path: entry.path, servedAt: entry.servedAt }, refusal);
        return;
      }
      queue.entries.push(entry);
      if (queue.entries.length >= maxBatch) flushInBackground();
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
        if (queue.entries.length === 0) return { keptOnDisk: true };
        throw new Error(
          `${queue.entries.length} served answer(s) neither in the served log nor kept on disk: ${(err as Error).message}`,
        );
      }
      return { keptOnDisk: false };
    },
    get pending() {
      return queue.entries.length;
    },
  };
}

/** Why an entry is not recorded (the log is closed, or its time cannot name a day stream); null: it is. */
function unrecordable(entry: ServedEntry, closed: boolean): string | null {
  if (closed) return 'served log: closed, response not recorded';
  // Its day stream could not be named: it would block the queue forever.
  if (Number.isNaN(Date.parse(entry.servedAt))) return 'served log: invalid servedAt, not recorded';
  return null;
}

/** Beyond `maxPending` queued entries (the log being unwritable), the oldest are dropped, loudly. */
function dropOverflow(queue: ServedEntry[], maxPending: number, logger: Logger): void {
  const excess = queue.length - maxPending;
  if (excess <= 0) return;
  const dropped = queue.splice(0, excess);
  logger.error(
    { dropped: dropped.length, from: dropped[0]?.servedAt, to: dropped.at(-1)?.servedAt },
    'served log: unwritable for too long, oldest served responses dropped from the log',
  );
}

/** The queue of a served log: replaced whole when taken, so that entries recorded meanwhile wait for the next. */
interface ServedQueue {
  entries: ServedEntry[];
}

/**
 * The log cannot be written: what is queued goes to the local journal (fsync'd), to be appended once the
 * database answers again, here or by the next process started on this data directory. Without a journal,
 * or when the disk refuses too, it stays queued.
 */
async function keepOnDisk(
  queue: ServedQueue,
  journal: ServedJournal | undefined,
  maxPending: number,
  logger: Logger,
): Promise<void> {
  if (!journal || queue.entries.length === 0) {
    dropOverflow(queue.entries, maxPending, logger);
    return;
  }
  const taken = queue.entries;
  queue.entries = [];
  try {
    await journal.keep(taken);
    logger.warn({ entries: taken.length }, 'served log: unwritable; served answers kept on local disk');
  } catch (err) {
    queue.entries = taken.concat(queue.entries);
    logger.error(
      { err: (err as Error).message, entries: taken.length },
      'served log: unwritable, and the served answers could not be kept on local disk either',
    );
    dropOverflow(queue.entries, maxPending, logger);
  }
}

/**
 * `all`: appends until the queue is empty; else what is queued now, then only full batches. On a failure the
 * entries not appended go back at the head of the queue.
 */
async function appendQueue(queue: ServedQueue, chains: ServedChains, maxBatch: number, all: boolean) {
  let first = true;
  while (queue.entries.length > 0 && (all || first || queue.entries.length >= maxBatch)) {
    first = false;
    const taken = queue.entries;
    queue.entries = [];
    const { failure, unwritten } = await appendInBatches(chains, taken, maxBatch);
    if (failure !== null) {
      queue.entries = unwritten.concat(queue.entries);
      throw failure;
    }
  }
}
