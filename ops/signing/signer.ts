import { createPublicKey, hkdfSync, type KeyObject, sign } from 'node:crypto';
import { ed25519PublicJwk, type PublicJwk } from './jwk.ts';

/** Signs with the server's Ed25519 key. The private key stays inside the closure and never reaches a log. */
export interface Signer {
  /** RFC 7638 thumbprint of the public key, base64url; the `keyid` of every signature. */
  readonly keyId: string;
  readonly publicJwk: PublicJwk;
  sign(bytes: Uint8Array): Buffer;
  /**
   * A 32-byte secret for one purpose (e.g. signing session cookies), derived from the private key by HKDF:
   * every process holding the same key derives the same secret, and nothing else needs configuring or storing.
   */
  derivedSecret(purpose: string): Buffer;
}

export function createSigner(privateKey: KeyObject): Signer {
  if (privateKey.type !== 'private' || privateKey.asymmetricKeyType !== 'ed25519') {
    throw new Error(
      `the signing key must be an Ed25519 private key (got ${privateKey.asymmetricKeyType ?? privateKey.type})`,
    );
  }
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  if (typeof jwk.x !== 'string') throw new Error('the Ed25519 public key has no x coordinate');
  const publicJwk = ed25519PublicJwk(jwk.x);
  return {
    keyId: publicJwk.kid,
    publicJwk,
    // Ed25519 hashes internally: node:crypto takes a null digest.
    sign: (bytes) => sign(null, bytes, privateKey),
    derivedSecret(purpose) {
      const seed = privateKey.export({ format: 'jwk' }).d;
      if (typeof seed !== 'string') throw new Error('the Ed25519 private key has no seed');
      return Buffer.from(hkdfSync('sha256', Buffer.from(seed, 'base64url'), 'registres', purpose, 32));
    },
  };
}
