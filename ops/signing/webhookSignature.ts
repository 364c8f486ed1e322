import { createHmac, createPublicKey, timingSafeEqual, verify } from 'node:crypto';
import { contentDigest } from './contentDigest.ts';
import type { JwkSet } from './jwk.ts';
import { type ComponentId, SIGNATURE_ALG, signatureBase, signatureParamsValue } from './messageSignature.ts';
import type { Signer } from './signer.ts';

/** The header naming a delivery: the same on every attempt of it, for the receiver to de-duplicate. */
export const DELIVERY_ID_HEADER = 'X-Livraison-Id';
/** `sha256=<hex>`: HMAC-SHA256 of the exact body bytes with the watch's secret. */
export const HMAC_HEADER = 'X-Signature-HMAC';
/** The `tag` of a webhook's RFC 9421 signature (a response signature has none). */
export const WEBHOOK_SIGNATURE_TAG = 'registres-webhook';
export const WEBHOOK_SIGNATURE_LABEL = 'webhook';

/**
 * What a webhook's signature covers (RFC 9421 request signature): the method, the full target URI, the body
 * by its digest and type, and the delivery id.
 */
export const WEBHOOK_COMPONENTS: readonly ComponentId[] = [
  { value: '@method', params: [] },
  { value: '@target-uri', params: [] },
  { value: 'content-digest', params: [] },
  { value: 'content-type', params: [] },
  { value: DELIVERY_ID_HEADER.toLowerCase(), params: [] },
];

const CONTENT_TYPE = 'application/json';

/** `sha256=<hex>` of the body with the secret. */
export function webhookHmac(secret: string, body: Uint8Array): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** The headers of one webhook POST of `body` to `url`, signed now. */
export function signWebhook(args: {
  signer: Pick<Signer, 'keyId' | 'sign'>;
  url: string;
  deliveryId: string;
  body: Uint8Array;
  secret: string;
  now: Date;
}): Record<string, string> {
  const digest = contentDigest(args.body);
  const params = signatureParamsValue(WEBHOOK_COMPONENTS, [
    ['created', Math.floor(args.now.getTime() / 1000)],
    ['keyid', args.signer.keyId],
    ['alg', SIGNATURE_ALG],
    ['tag', WEBHOOK_SIGNATURE_TAG],
  ]);
  const base = webhookSignatureBase(
    { method: 'POST', url: args.url, digest, contentType: CONTENT_TYPE, deliveryId: args.deliveryId },
    params,
  );
  return {
    'Content-Type': CONTENT_TYPE,
    'Content-Digest': digest,
    [DELIVERY_ID_HEADER]: args.deliveryId,
    'Signature-Input': `${WEBHOOK_SIGNATURE_LABEL}=${params}`,
    Signature: `${WEBHOOK_SIGNATURE_LABEL}=:${args.signer.sign(Buffer.from(base, 'utf8')).toString('base64')}:`,
    [HMAC_HEADER]: webhookHmac(args.secret, args.body),
  };
}

function webhookSignatureBase(
  v: { method: string; url: string; digest: string; contentType: string; deliveryId: string },
  params: string,
): string {
  const values = [v.method, v.url, v.digest, v.contentType, v.deliveryId];
  return signatureBase(
    WEBHOOK_COMPONENTS.map((c, i) => [c, values[i]!] as const),
    params,
  );
}

/** What a receiver got: the URL it was called at, the headers (lowercase names) and the raw body. */
export interface ReceivedWebhook {
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Uint8Array;
}

const header = (r: ReceivedWebhook, name: string) => {
  const v = r.headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(', ') : (v ?? '');
};

/**
 * How a receiver verifies a webhook's Ed25519 signature with the service's JWK set (GET
 * /.well-known/jwks.json): the digest matches the body, the signature covers the components above, made by a
 * key of the set. A reference for clients (docs/http.md) and the tests' receiver. Returns the failure, or null.
 */
export function verifyWebhookSignature(r: ReceivedWebhook, jwks: JwkSet): string | null {
  if (header(r, 'content-digest') !== contentDigest(r.body)) return 'Content-Digest does not match the body';
  const input = /^webhook=(\(.*\)(;.*)?)$/.exec(header(r, 'signature-input'));
  const sig = /^webhook=:([A-Za-z0-9+/=]+):$/.exec(header(r, 'signature'));
  if (!input || !sig) return 'no webhook signature';
  const params = input[1]!;
  if (!params.startsWith(signatureParamsValue(WEBHOOK_COMPONENTS, [])))
    return 'unexpected covered components';
  if (!params.includes(`;tag="${WEBHOOK_SIGNATURE_TAG}"`)) return 'not a webhook signature (tag)';
  const keyId = /;keyid="([^"]+)"/.exec(params)?.[1];
  const jwk = jwks.keys.find((k) => k.kid === keyId);
  if (!jwk) return `keyid ${keyId} is not in the key set`;
  const base = webhookSignatureBase(
    {
      method: 'POST',
      url: r.url,
      digest: header(r, 'content-digest'),
      contentType: header(r, 'content-type'),
      deliveryId: header(r, DELIVERY_ID_HEADER),
    },
    params,
  );
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
  return verify(null, Buffer.from(base, 'utf8'), key, Buffer.from(sig[1]!, 'base64'))
    ? null
    : 'the Ed25519 signature does not verify';
}

/** Whether the `X-Signature-HMAC` header is the body's HMAC with the secret (constant-time comparison). */
export function verifyWebhookHmac(r: ReceivedWebhook, secret: string): boolean {
  const expected = Buffer.from(webhookHmac(secret, r.body));
  const got = Buffer.from(header(r, HMAC_HEADER));
  return got.length === expected.length && timingSafeEqual(got, expected);
}
