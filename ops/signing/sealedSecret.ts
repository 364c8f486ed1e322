import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Signer } from './signer.ts';

/** The purpose the sealing key is derived for (HKDF of the signing key, signer.ts). */
const SEALING_PURPOSE = 'watch-webhook-secrets';
const VERSION = 'v1';

/**
 * Seals and opens short secrets (a watch's webhook secret) with AES-256-GCM under a key derived from the
 * service's signing key: every process holding the key (API, notifier) opens what another sealed, and the
 * sealed form, kept in the event log, tells nothing without the key. `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export interface SecretBox {
  seal(secret: string): string;
  open(sealed: string): string;
}

export function createSecretBox(
  signer: Pick<Signer, 'derivedSecret'>,
  /** What the key is derived for: each use its own key (default: the watches' webhook secrets). */
  purpose: string = SEALING_PURPOSE,
): SecretBox {
  const key = signer.derivedSecret(purpose);
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
