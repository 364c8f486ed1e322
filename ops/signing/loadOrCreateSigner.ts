import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.ts';
import { createSigner, type Signer } from './signer.ts';

export const GENERATED_KEY_FILE = 'signing-key.pem';

export interface SignerSource {
  /** `SIGNING_KEY_FILE`: a PEM PKCS#8 Ed25519 private key. When set, it must exist. */
  signingKeyFile: string | null;
  /** Where a generated key is kept (`<dataDir>/signing-key.pem`) when no key file is configured. */
  dataDir: string;
  logger: Logger;
}

/** The configured key, or the one generated earlier under the data directory, or null: never creates one. */
export async function loadSigner(source: SignerSource): Promise<Signer | null> {
  if (source.signingKeyFile) return readSigner(source.signingKeyFile, source.logger);
  const file = path.join(source.dataDir, GENERATED_KEY_FILE);
  try {
    return await readSigner(file, source.logger);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** As `loadSigner`, but generates a key under the data directory (mode 0600) the first time, and reuses it after. */
export async function loadOrCreateSigner(source: SignerSource): Promise<Signer> {
  const existing = await loadSigner(source);
  if (existing) return existing;
  const file = path.join(source.dataDir, GENERATED_KEY_FILE);
  await fs.mkdir(source.dataDir, { recursive: true });
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' });
  try {
    // `wx`: if another process created the file meanwhile, keep theirs.
    await fs.writeFile(file, pem, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readSigner(file, source.logger);
  }
  const signer = createSigner(privateKey);
  source.logger.info({ keyId: signer.keyId, file }, 'signing key generated');
  return signer;
}

async function readSigner(file: string, logger: Logger): Promise<Signer> {
  const pem = await fs.readFile(file, 'utf8');
  let signer: Signer;
  try {
    signer = createSigner(createPrivateKey({ key: pem, format: 'pem' }));
  } catch (error) {
    // The parser's message never quotes the key; the file name is enough to act on.
    throw new Error(`unreadable signing key in ${file}: ${(error as Error).message}`);
  }
  const { mode } = await fs.stat(file);
  if ((mode & 0o077) !== 0) {
    logger.warn(
      { file, mode: (mode & 0o777).toString(8) },
      'signing key file is readable by others than its owner',
    );
  }
  logger.debug({ keyId: signer.keyId, file }, 'signing key loaded');
  return signer;
}
