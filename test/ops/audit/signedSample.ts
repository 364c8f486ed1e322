import { contentDigest } from '../../../ops/signing/contentDigest.ts';
import {
  queryComponentValue,
  RESPONSE_COMPONENTS,
  signatureBase,
  signatureParamsValue,
} from '../../../ops/signing/messageSignature.ts';
import type { Signer } from '../../../ops/signing/signer.ts';

/** A signed response in curl -si form, built from the signing primitives (no HTTP), as the middleware signs. */
export function signedSample(
  signer: Signer,
  opts: { path: string; query?: string; body?: string; contentType?: string; created?: number } = {
    path: '/v1/x',
  },
): Buffer {
  const body = Buffer.from(opts.body ?? '{"citation":"Registre test","data":{"siren":"552100554"}}');
  const contentType = opts.contentType ?? 'application/json; charset=utf-8';
  const digest = contentDigest(body);
  const params = signatureParamsValue(RESPONSE_COMPONENTS, [
    ['created', opts.created ?? 1_750_000_000],
    ['keyid', signer.keyId],
    ['alg', 'ed25519'],
  ]);
  const values = ['GET', opts.path, queryComponentValue(opts.query ?? ''), digest, contentType];
  const base = signatureBase(
    RESPONSE_COMPONENTS.map((c, i) => [c, values[i]!] as const),
    params,
  );
  const signature = signer.sign(Buffer.from(base)).toString('base64');
  const head = [
    'HTTP/1.1 200 OK',
    `Content-Type: ${contentType}`,
    `Content-Digest: ${digest}`,
    `Signature-Input: sig1=${params}`,
    `Signature: sig1=:${signature}:`,
    `Content-Length: ${body.length}`,
  ].join('\r\n');
  return Buffer.concat([Buffer.from(`${head}\r\n\r\n`), body]);
}

/** Replaces the first occurrence of a text (UTF-8) in a saved response, byte for byte. */
export function tamper(raw: Buffer, from: string, to: string): Buffer {
  const at = raw.indexOf(Buffer.from(from, 'utf8'));
  if (at === -1) throw new Error(`"${from}" is not in the saved response`);
  return Buffer.concat([
    raw.subarray(0, at),
    Buffer.from(to, 'utf8'),
    raw.subarray(at + Buffer.byteLength(from)),
  ]);
}
