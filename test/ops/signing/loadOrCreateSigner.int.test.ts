import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { expect } from 'chai';
import { pino } from 'pino';
import {
  GENERATED_KEY_FILE,
  loadOrCreateSigner,
  loadSigner,
} from '../../../ops/signing/loadOrCreateSigner.ts';

/** A logger whose every line is kept, to prove what reaches the logs. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino({ level: 'trace' }, stream), lines };
}

describe('loading or creating the signing key (file system)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-signing-'));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('generates a key once under the data directory, readable by its owner only, and reuses it after', async () => {
    const { logger } = capturingLogger();
    const dataDir = path.join(dir, 'data');
    expect(await loadSigner({ signingKeyFile: null, dataDir, logger })).to.equal(null);
    const first = await loadOrCreateSigner({ signingKeyFile: null, dataDir, logger });
    const stat = await fs.stat(path.join(dataDir, GENERATED_KEY_FILE));
    expect(stat.mode & 0o777).to.equal(0o600);
    const second = await loadOrCreateSigner({ signingKeyFile: null, dataDir, logger });
    expect(second.keyId).to.equal(first.keyId);
    expect((await loadSigner({ signingKeyFile: null, dataDir, logger }))?.keyId).to.equal(first.keyId);
  });

  it('uses SIGNING_KEY_FILE when it is set, and writes nothing under the data directory', async () => {
    const { logger } = capturingLogger();
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const file = path.join(dir, 'key.pem');
    await fs.writeFile(file, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
    const signer = await loadOrCreateSigner({
      signingKeyFile: file,
      dataDir: path.join(dir, 'data'),
      logger,
    });
    expect(signer.publicJwk.x).to.equal(publicKey.export({ format: 'jwk' }).x);
    expect(await fs.readdir(dir)).to.deep.equal(['key.pem']);
  });

  it('refuses a configured key file that is missing or not an Ed25519 key', async () => {
    const { logger } = capturingLogger();
    const missing = path.join(dir, 'absent.pem');
    let error: unknown = null;
    await loadOrCreateSigner({ signingKeyFile: missing, dataDir: dir, logger }).catch((e) => {
      error = e;
    });
    expect((error as NodeJS.ErrnoException | null)?.code).to.equal('ENOENT');
    const rsa = path.join(dir, 'rsa.pem');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await fs.writeFile(rsa, privateKey.export({ format: 'pem', type: 'pkcs8' }));
    error = null;
    await loadOrCreateSigner({ signingKeyFile: rsa, dataDir: dir, logger }).catch((e) => {
      error = e;
    });
    expect(String(error)).to.match(/Ed25519/);
  });

  it('never writes the private key to the log', async () => {
    const { logger, lines } = capturingLogger();
    const { privateKey } = generateKeyPairSync('ed25519');
    const file = path.join(dir, 'key.pem');
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    await fs.writeFile(file, pem, { mode: 0o644 });
    const signer = await loadOrCreateSigner({ signingKeyFile: file, dataDir: dir, logger });
    await loadOrCreateSigner({ signingKeyFile: null, dataDir: path.join(dir, 'data'), logger });
    const d = privateKey.export({ format: 'jwk' }).d!;
    const body = pem.split('\n')[1]!;
    const log = lines.join('');
    expect(log).to.contain(signer.keyId); // logged at debug level: the test logger takes every level
    expect(log).to.contain('readable by others');
    expect(log).to.not.contain(d);
    expect(log).to.not.contain(body);
    const generated = await fs.readFile(path.join(dir, 'data', GENERATED_KEY_FILE), 'utf8');
    expect(log).to.not.contain(generated.split('\n')[1]!);
  });
});
