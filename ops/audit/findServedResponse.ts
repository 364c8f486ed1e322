import type { EventStore } from '../eventstore/port.ts';
import { GENESIS_HASH, RESPONSE_SERVED, type ResponseServedData } from '../servedlog/responseServed.ts';
import { type ChainVerdict, verifyServedChain } from '../servedlog/verifyServedChain.ts';

export interface ServedMatch {
  streamId: string;
  streamVersion: bigint;
  data: ResponseServedData;
  /** The verdict on the whole day stream the match was found in. */
  chain: ChainVerdict;
}

const PAGE = 1000;

/**
 * Looks for the `ResponseServed` carrying this signature in the day stream of its `created` time (and the
 * days either side), verifying the hash chain of every day stream it reads, page by page.
 */
export async function findServedResponse(
  store: EventStore,
  signatureValue: string,
  created: number,
): Promise<ServedMatch | null> {
  const day = 86_400_000;
  const instant = created * 1000;
  for (const t of [instant, instant - day, instant + day]) {
    const streamId = `served-${new Date(t).toISOString().slice(0, 10)}`;
    const found = await scanDay(store, streamId, signatureValue);
    if (found) return found;
  }
  return null;
}

async function scanDay(
  store: EventStore,
  streamId: string,
  signatureValue: string,
): Promise<ServedMatch | null> {
  let match: { streamVersion: bigint; data: ResponseServedData } | null = null;
  let start = { previousHash: GENESIS_HASH, version: 0n };
  let verdict: ChainVerdict = { ok: true, count: 0, lastHash: GENESIS_HASH, nextVersion: 0n };
  let total = 0;
  for (;;) {
    const page = await store.readStream(streamId, { fromVersion: start.version, limit: PAGE });
    if (!match) {
      const hit = page.find(
        (e) => e.type === RESPONSE_SERVED && (e.data as ResponseServedData).signature === signatureValue,
      );
      if (hit) match = { streamVersion: hit.streamVersion, data: hit.data as ResponseServedData };
    }
    if (verdict.ok && page.length > 0) {
      const pageVerdict = verifyServedChain(page, start);
      if (pageVerdict.ok) {
        total += pageVerdict.count;
        verdict = { ...pageVerdict, count: total };
        start = { previousHash: pageVerdict.lastHash, version: pageVerdict.nextVersion };
      } else {
        verdict = { ...pageVerdict, count: total + pageVerdict.count };
      }
    }
    if (page.length < PAGE) break;
    if (!verdict.ok) {
      // The chain is broken: keep reading only to find the match.
      start = { ...start, version: page.at(-1)!.streamVersion + 1n };
    }
  }
  return match ? { streamId, ...match, chain: verdict } : null;
}
