import type { RecordedEvent } from '../eventstore/port.ts';
import {
  chainHash,
  GENESIS_HASH,
  RESPONSE_SERVED,
  type ResponseServedData,
  servedStreamId,
} from './responseServed.ts';

export type ChainVerdict =
  | { ok: true; count: number; lastHash: string; nextVersion: bigint }
  | { ok: false; count: number; streamVersion: bigint; reason: string };

export interface ChainStart {
  previousHash: string;
  version: bigint;
}

/**
 * Checks consecutive events of one `served-<day>` stream: versions follow each other, each `previousHash` is
 * the hash before it, each `hash` is recomputed from the fields, and each event was served on the stream's day.
 * Start from the beginning of the stream, or pass the state a previous page ended with.
 */
export function verifyServedChain(
  events: readonly RecordedEvent[],
  start: ChainStart = { previousHash: GENESIS_HASH, version: 0n },
): ChainVerdict {
  let previous = start.previousHash;
  let version = start.version;
  let count = 0;
  for (const event of events) {
    const fail = (reason: string): ChainVerdict => ({
      ok: false,
      count,
      streamVersion: event.streamVersion,
      reason,
    });
    if (event.streamVersion !== version) {
      return fail(`expected version ${version} in ${event.streamId}, found ${event.streamVersion}`);
    }
    if (event.type !== RESPONSE_SERVED)
      return fail(`event ${version} of ${event.streamId} is a ${event.type}`);
    const data = event.data as ResponseServedData;
    if (data.previousHash !== previous) {
      return fail(`event ${version} of ${event.streamId} does not follow the previous hash`);
    }
    if (chainHash(previous, data) !== data.hash) {
      return fail(`event ${version} of ${event.streamId} does not match its hash: its fields were changed`);
    }
    let day: string;
    try {
      day = servedStreamId(data.servedAt);
    } catch {
      return fail(`event ${version} of ${event.streamId} has no valid servedAt`);
    }
    if (day !== event.streamId)
      return fail(`event ${version} of ${event.streamId} was served on ${data.servedAt}`);
    previous = data.hash;
    version += 1n;
    count += 1;
  }
  return { ok: true, count, lastHash: previous, nextVersion: version };
}
