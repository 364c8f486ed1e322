import * as ed from '@noble/ed25519';
import { type JwkSet, jwkThumbprint } from '../signing/jwk.ts';
import {
  type ComponentId,
  queryComponentValue,
  SIGNATURE_ALG,
  signatureBase,
} from '../signing/messageSignature.ts';
import type { AuditCheck } from './auditCheck.ts';
import { headerValue, type SavedResponse } from './parseSavedResponse.ts';
import type { ResponseSignature } from './readResponseSignature.ts';

/** The request a response answers, as far as its signature covers it. */
export interface SignedRequest {
  method: string;
  path: string;
  /** Raw query, with or without its leading `?`; empty when none. */
  query: string;
}

/**
 * Rebuilds the RFC 9421 signature base from the saved response and the request, and verifies the Ed25519
 * signature with `@noble/ed25519` (the server signs with node:crypto: agreement of the two is part of the proof).
 */
export async function verifyMessageSignature(args: {
  response: SavedResponse;
  signature: ResponseSignature;
  request: SignedRequest | null;
  jwks: JwkSet | null;
  /** Where the keys came from, for the report. */
  jwksSource?: string;
}): Promise<AuditCheck> {
  const name = 'signature';
  const { response, signature, request, jwks } = args;
  const failed = (detail: string): AuditCheck => ({ name, holds: false, detail });
  if (signature.alg !== null && signature.alg !== SIGNATURE_ALG)
    return failed(`unsupported alg "${signature.alg}"`);
  if (signature.keyId === null) return failed('the signature names no keyid');
  if (!jwks) return failed('no key set to verify with (no local signing key; pass --jwks)');
  const jwk = jwks.keys.find((k) => k.kid === signature.keyId);
  if (!jwk)
    return failed(
      `keyid ${signature.keyId} is not in the key set${args.jwksSource ? ` of ${args.jwksSource}` : ''}`,
    );
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') {
    return failed(`key ${jwk.kid} is not an Ed25519 OKP key`);
  }
  if (jwkThumbprint(jwk) !== jwk.kid) return failed(`key ${jwk.kid} is not named by its RFC 7638 thumbprint`);
  const publicKey = new Uint8Array(Buffer.from(jwk.x, 'base64url'));
  if (publicKey.length !== 32) return failed(`key ${jwk.kid} is not 32 bytes long`);

  const lines: Array<readonly [ComponentId, string]> = [];
  for (const component of signature.components) {
    const value = componentValue(component, response, request);
    if (typeof value !== 'string') return failed(value.error);
    lines.push([component, value]);
  }
  let base: string;
  try {
    base = signatureBase(lines, signature.paramsValue);
  } catch (error) {
    return failed((error as Error).message);
  }
  let verified: boolean;
  try {
    verified = await ed.verifyAsync(signature.signature, new TextEncoder().encode(base), publicKey);
  } catch (error) {
    return failed(`malformed signature: ${(error as Error).message}`);
  }
  const what = request
    ? `${request.method} ${request.path}${queryComponentValue(request.query).replace(/^\?$/, '')}`
    : '';
  const created =
    signature.created !== null ? `, created ${new Date(signature.created * 1000).toISOString()}` : '';
  return verified
    ? { name, holds: true, detail: `Ed25519 by key ${jwk.kid} over ${what}${created}` }
    : failed(
        `Ed25519 by key ${jwk.kid} does not verify over ${what}: the covered fields, the path or the key differ`,
      );
}

function componentValue(
  component: ComponentId,
  response: SavedResponse,
  request: SignedRequest | null,
): string | { error: string } {
  const req = component.params.some(([k, v]) => k === 'req' && v === true);
  const otherParams = component.params.filter(([k]) => k !== 'req');
  if (otherParams.length > 0) return { error: `component parameters not supported: ${component.value}` };
  switch (component.value) {
    case '@method':
    case '@path':
    case '@query': {
      // Request components: `;req` on a response (RFC 9421, 2.4); accepted without it too.
      if (!request)
        return {
          error: 'the request path is unknown: pass --path, or the served log must hold this response',
        };
      if (component.value === '@method') return request.method;
      if (component.value === '@path') return request.path || '/';
      return queryComponentValue(request.query);
    }
    case '@status':
      return req ? { error: '"@status";req is not supported' } : String(response.status);
    default: {
      if (component.value.startsWith('@'))
        return { error: `derived component ${component.value} is not supported` };
      if (req) return { error: `request field ${component.value} is not in a saved response` };
      const value = headerValue(response, component.value);
      return value ?? { error: `the signed field ${component.value} is absent from the response` };
    }
  }
}
