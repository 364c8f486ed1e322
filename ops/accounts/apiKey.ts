import { createHash, randomBytes } from 'node:crypto';

const KEY_PREFIX = 'rk_';
const KEY_SHAPE = /^rk_[A-Za-z0-9_-]{43}$/;

/** A new API key: 256 random bits. Shown once to its owner; only its hash is ever stored. */
export function generateApiKey(): string {
  return `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** Whether a header value could be one of our keys (anything else is ignored without a lookup). */
export function looksLikeApiKey(value: string): boolean {
  return KEY_SHAPE.test(value);
}

/**
 * SHA-256 of the key, hex. The key carries 256 random bits, so a fast hash is enough: there is nothing to
 * brute-force, and the lookup stays one index probe per request.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The first characters, safe to display so an owner can tell keys apart. */
export function keyHint(key: string): string {
  return key.slice(0, 7);
}
