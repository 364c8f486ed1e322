import { createHash } from 'node:crypto';

/** RFC 9530 `Content-Digest` field value for the exact bytes of a body: `sha-256=:<base64>:`. */
export function contentDigest(bytes: Uint8Array): string {
  return `sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`;
}
