import type { EventStore } from '../eventstore/port.ts';
import type { JwkSet } from '../signing/jwk.ts';
import type { AuditCheck } from './auditCheck.ts';
import { findServedResponse, type ServedMatch } from './findServedResponse.ts';
import { headerValue, parseSavedResponse, type SavedResponse } from './parseSavedResponse.ts';
import { readResponseSignature } from './readResponseSignature.ts';
import { verifyContentDigest } from './verifyContentDigest.ts';
import { type SignedRequest, verifyMessageSignature } from './verifyMessageSignature.ts';

export interface AuditInput {
  /** The saved response, as `curl -si` printed it. */
  raw: Buffer;
  /** `/v1/...?query` as requested; when absent, taken from the served log. */
  path?: string | null;
  jwks: JwkSet | null;
  jwksSource?: string;
  /** The event log holding the served log; null when it could not be opened (`storeError` says why). */
  store: EventStore | null;
  storeError?: string;
}

/** Every check of `audit verify`, in order: content digest, signature, served log. All must hold. */
export async function auditSavedResponse(input: AuditInput): Promise<AuditCheck[]> {
  let response: SavedResponse;
  try {
    response = parseSavedResponse(input.raw);
  } catch (error) {
    return [{ name: 'saved response', holds: false, detail: (error as Error).message }];
  }
  const checks: AuditCheck[] = [verifyContentDigest(response)];
  const read = readResponseSignature(response);
  if (!read.ok) {
    checks.push({ name: 'signature', holds: false, detail: read.reason });
    checks.push({ name: 'served log', holds: false, detail: 'no signature to look for' });
    return checks;
  }
  const signature = read.signature;

  let served: ServedMatch | null = null;
  let servedProblem: string | null = null;
  if (!input.store) servedProblem = `the served log cannot be read: ${input.storeError ?? 'no database'}`;
  else if (signature.created === null) servedProblem = 'the signature has no created time to find its day';
  else {
    try {
      served = await findServedResponse(input.store, signature.signatureValue, signature.created);
    } catch (error) {
      servedProblem = `the served log cannot be read: ${(error as Error).message}`;
    }
  }

  const request = input.path ? requestFromPath(input.path) : served ? requestFromServed(served) : null;
  checks.push(
    await verifyMessageSignature({
      response,
      signature,
      request,
      jwks: input.jwks,
      jwksSource: input.jwksSource,
    }),
  );
  checks.push(servedCheck(served, servedProblem, response, signature.paramsValue, signature.keyId));
  return checks;
}

function servedCheck(
  served: ServedMatch | null,
  problem: string | null,
  response: SavedResponse,
  paramsValue: string,
  keyId: string | null,
): AuditCheck {
  const name = 'served log';
  if (problem) return { name, holds: false, detail: problem };
  if (!served)
    return { name, holds: false, detail: 'no ResponseServed with this signature in the served log' };
  const at = `${served.streamId} #${served.streamVersion}`;
  const digest = headerValue(response, 'content-digest');
  if (served.data.contentDigest !== digest) {
    return {
      name,
      holds: false,
      detail: `${at} records digest ${served.data.contentDigest}, the response has ${digest}`,
    };
  }
  if (served.data.signatureInput !== paramsValue || served.data.keyId !== keyId) {
    return { name, holds: false, detail: `${at} records other signature parameters than the response's` };
  }
  if (!served.chain.ok)
    return {
      name,
      holds: false,
      detail: `${at} found, but the day's chain is broken: ${served.chain.reason}`,
    };
  return {
    name,
    holds: true,
    detail: `${at}, served ${served.data.servedAt} (${served.data.routeId}); chain of ${served.chain.count} events intact`,
  };
}

/** `/v1/...?query`, or a whole URL whose scheme and authority are dropped; raw, never re-encoded. */
export function requestFromPath(pathOrUrl: string): SignedRequest {
  const target = pathOrUrl.replace(/^https?:\/\/[^/?#]*/i, '').replace(/#.*$/, '') || '/';
  const q = target.indexOf('?');
  return q === -1
    ? { method: 'GET', path: target, query: '' }
    : { method: 'GET', path: target.slice(0, q), query: target.slice(q + 1) };
}

function requestFromServed(served: ServedMatch): SignedRequest {
  return { method: served.data.method ?? 'GET', path: served.data.path, query: served.data.query };
}
