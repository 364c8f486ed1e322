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

/** `served-YYYY-MM-DD`, the UTC day of serving. */
export function servedStreamId(servedAt: string): string {
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
  return createHash('sha256')
    .update(previousHash, 'utf8')
    .update(canonicalJson(fields), 'utf8')
    .digest('hex');
}

/** Chains entries, in order, after the event whose hash is `previousHash`. */
export function chainEntries(entries: readonly ServedEntry[], previousHash: string): ResponseServedData[] {
  let previous = previousHash;
  return entries.map((entry) => {
    const hash = chainHash(previous, entry);
    const data: ResponseServedData = { ...servedEntryFields(entry), previousHash: previous, hash };
    previous = hash;
    return data;
  });
}

/** Only the fields of a served entry, whatever else the object carries. */
export function servedEntryFields(entry: ServedEntry): ServedEntry {
  return {
    routeId: entry.routeId,
    method: entry.method,
    path: entry.path,
    query: entry.query,
    status: entry.status,
    contentDigest: entry.contentDigest,
    signature: entry.signature,
    signatureInput: entry.signatureInput,
    keyId: entry.keyId,
    servedAt: entry.servedAt,
  };
}
