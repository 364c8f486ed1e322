import { setImmediate as nextTurn } from 'node:timers/promises';
import type { EventStore, ExpectedVersion, NewEvent } from '../eventstore/port.ts';
import type { Logger } from '../logger.ts';
import {
  chainEntriesWithJson,
  GENESIS_HASH,
  RESPONSE_SERVED,
  type ResponseServedData,
  type ServedEntry,
  servedStreamId,
} from './responseServed.ts';

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

/** Entries by the day stream they belong to (`served-<UTC day>`), in order. */
export function groupByStream(entries: readonly ServedEntry[]): Map<string, ServedEntry[]> {
  const byStream = new Map<string, ServedEntry[]>();
  for (const entry of entries) {
    const id = servedStreamId(entry.servedAt);
    const list = byStream.get(id);
    if (list) list.push(entry);
    else byStream.set(id, [entry]);
  }
  return byStream;
}

/**
 * The hash chains of the day streams: each append is chained after the tail this process knows of the stream,
 * with its expected version; when another process appended meanwhile, the tail is re-read and the batch
 * re-chained onto it (at most `maxAttempts` times).
 */
export function createServedChains(deps: { eventStore: EventStore; logger: Logger; maxAttempts: number }) {
  const { eventStore, logger, maxAttempts } = deps;
  const tails = new Map<string, StreamTail>();

  async function readTail(streamId: string): Promise<StreamTail> {
    const version = await eventStore.streamVersion(streamId);
    if (version === null) return { version: null, lastHash: GENESIS_HASH };
    const [last] = await eventStore.readStream(streamId, { fromVersion: version, limit: 1 });
    if (!last) throw new Error(`served log: ${streamId} has version ${version} but no event there`);
    return { version: last.streamVersion, lastHash: (last.data as ResponseServedData).hash };
  }

  return {
    /** Appends one batch of one day stream, chained after its tail. */
    async append(streamId: string, entries: ServedEntry[]): Promise<void> {
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
    },
    forgetOldTails(): void {
      // Only today's and yesterday's streams are still written to; keep a few, forget the rest.
      if (tails.size <= 3) return;
      const keep = [...tails.keys()].sort().slice(-3);
      for (const id of [...tails.keys()]) if (!keep.includes(id)) tails.delete(id);
    },
  };
}

export type ServedChains = ReturnType<typeof createServedChains>;

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

/**
 * Appends entries in batches of at most `maxBatch` per day stream. The first failure stops the appends: it is
 * returned with every entry not appended, in order, for the caller to keep.
 */
export async function appendInBatches(
  chains: ServedChains,
  entries: readonly ServedEntry[],
  maxBatch: number,
): Promise<{ failure: unknown; unwritten: ServedEntry[] }> {
  const unwritten: ServedEntry[] = [];
  let failure: unknown = null;
  for (const [streamId, list] of groupByStream(entries)) {
    for (let i = 0; i < list.length; i += maxBatch) {
      const batch = list.slice(i, i + maxBatch);
      if (failure === null) {
        try {
          await chains.append(streamId, batch);
          continue;
        } catch (error) {
          failure = error;
        }
      }
      unwritten.push(...batch);
    }
  }
  return { failure, unwritten };
}
