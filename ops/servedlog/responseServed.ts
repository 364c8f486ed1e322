import { createHash } from 'node:crypto';
import { canonicalJson } from '../json/canonicalJson.ts';

export const RESPONSE_SERVED = 'ResponseServed';

/** `previousHash` of the first event of a day. */
export const GENESIS_HASH = '0'.repeat(64);

/** One signed response as served, recorded so that what was sent, and when, can be proven later. */
export interface ServedEntry {
  routeId: string;
  method: string;
  /** Raw request path, as signed in `@path`. */
  path: string;
  /** Raw query string without its `?`, empty when there was none. */
  query: string;
  status: number;
  contentDigest: string;
  /** `Signature` member value, `:<base64>:` without its label. */
  signature: string;
  /** `Signature-Input` member value (the `@signature-params`), without its label. */
  signatureInput: string;
  keyId: string;
  /** UTC ISO 8601, the instant whose second is the signature's `created`. */
  servedAt: string;
}

/** The data of a `ResponseServed` event: the entry, chained to the previous event of its day. */
export interface ResponseServedData extends ServedEntry {
  previousHash: string;
  hash: string;
}

/** An instant as `Date.toISOString()` writes it (what the signer records): its first ten characters are its UTC day. */
const UTC_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** `served-YYYY-MM-DD`, the UTC day of serving. */
export function servedStreamId(servedAt: string): string {
  if (UTC_INSTANT.test(servedAt) && !Number.isNaN(Date.parse(servedAt)))
    return `served-${servedAt.slice(0, 10)}`;
  const instant = new Date(servedAt);
  if (Number.isNaN(instant.getTime())) throw new Error(`not an ISO 8601 instant: ${servedAt}`);
  return `served-${instant.toISOString().slice(0, 10)}`;
}

/** Hex SHA-256 over `previousHash` followed by the canonical JSON of every other field. */
export function chainHash(previousHash: string, entry: ServedEntry): string {
  // The fields are copied in canonical key order, so that canonicalJson writes them in one native pass.
  const record = entry as unknown as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(record).sort()) {
    if (key !== 'previousHash' && key !== 'hash') fields[key] = record[key];
  }
  return hashAfter(previousHash, canonicalJson(fields));
}

const hashAfter = (previousHash: string, canonical: string) =>
  createHash('sha256').update(previousHash, 'utf8').update(canonical, 'utf8').digest('hex');

/** Chains entries, in order, after the event whose hash is `previousHash`. */
export function chainEntries(entries: readonly ServedEntry[], previousHash: string): ResponseServedData[] {
  return chainEntriesWithJson(entries, previousHash).map((e) => e.data);
}

/**
 * `chainEntries`, with each event's data as JSON. A served entry's fields are written in canonical key order,
 * so their JSON is the canonical form `chainHash` hashes (a test holds the two equal): one serialisation per
 * entry gives the hash and, with the two hashes added, the event's data.
 */
export function chainEntriesWithJson(
  entries: readonly ServedEntry[],
  previousHash: string,
): { data: ResponseServedData; dataJson: string }[] {
  let previous = previousHash;
  return entries.map((entry) => {
    const fields = servedEntryFields(entry);
    const canonical = JSON.stringify(fields);
    const hash = hashAfter(previous, canonical);
    const data: ResponseServedData = { ...fields, previousHash: previous, hash };
    const dataJson = `${canonical.slice(0, -1)},"previousHash":${JSON.stringify(previous)},"hash":"${hash}"}`;
    previous = hash;
    return { data, dataJson };
  });
}

/** Only the fields of a served entry, whatever else the object carries, in canonical (code unit) key order. */
export function servedEntryFields(entry: ServedEntry): ServedEntry {
  return {
    contentDigest: entry.contentDigest,
    keyId: entry.keyId,
    method: entry.method,
    path: entry.path,
    query: entry.query,
    routeId: entry.routeId,
    servedAt: entry.servedAt,
    signature: entry.signature,
    signatureInput: entry.signatureInput,
    status: entry.status,
  };
}
