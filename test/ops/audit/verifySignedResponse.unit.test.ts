import { generateKeyPairSync } from 'node:crypto';
import { expect } from 'chai';
import type { AuditCheck } from '../../../ops/audit/auditCheck.ts';
import { auditSavedResponse } from '../../../ops/audit/auditSavedResponse.ts';
import { jwkSet } from '../../../ops/signing/jwk.ts';
import { createSigner } from '../../../ops/signing/signer.ts';
import { signedSample, tamper } from './signedSample.ts';

const signer = createSigner(generateKeyPairSync('ed25519').privateKey);
const other = createSigner(generateKeyPairSync('ed25519').privateKey);
const path = '/v1/entreprises/552100554?champs=siege';

async function audit(raw: Buffer, opts: { path?: string; jwks?: ReturnType<typeof jwkSet> } = {}) {
  const checks = await auditSavedResponse({
    raw,
    path: opts.path ?? path,
    jwks: opts.jwks ?? jwkSet(signer),
    store: null,
  });
  const by = (name: string) => checks.find((c) => c.name === name) as AuditCheck;
  return { digest: by('content-digest'), signature: by('signature'), served: by('served log') };
}

describe('verifying a signed response (no served log)', () => {
  const raw = signedSample(signer, { path: '/v1/entreprises/552100554', query: 'champs=siege' });

  it('a signed response verifies with @noble/ed25519', async () => {
    const r = await audit(raw);
    expect(r.digest.holds, r.digest.detail).to.equal(true);
    expect(r.signature.holds, r.signature.detail).to.equal(true);
    expect(r.signature.detail)
      .to.contain(signer.keyId)
      .and.to.contain('GET /v1/entreprises/552100554?champs=siege');
    expect(r.served).to.deep.include({ holds: false });
  });

  it('a tampered body fails the digest check', async () => {
    const r = await audit(tamper(raw, '552100554"}}', '552100555"}}'));
    expect(r.digest.holds).to.equal(false);
    expect(r.digest.detail).to.match(/sha-256 of the \d+ body bytes/);
  });

  it('a tampered digest field fails the signature even when it matches a tampered body', async () => {
    const forged = signedSample(other, {
      path: '/v1/entreprises/552100554',
      query: 'champs=siege',
      body: '{}',
    });
    const forgedDigest = /Content-Digest: (.*)\r\n/.exec(forged.toString())![1]!;
    const ownDigest = /Content-Digest: (.*)\r\n/.exec(raw.toString())![1]!;
    const swapped = tamper(raw, `Content-Digest: ${ownDigest}`, `Content-Digest: ${forgedDigest}`);
    const bodyStart = swapped.indexOf('\r\n\r\n') + 4;
    const r = await audit(Buffer.concat([swapped.subarray(0, bodyStart), Buffer.from('{}')]));
    expect(r.digest.holds).to.equal(true);
    expect(r.signature.holds).to.equal(false);
  });

  it('a tampered content-type fails the signature', async () => {
    const r = await audit(tamper(raw, 'Content-Type: application/json', 'Content-Type: text/html'));
    expect(r.digest.holds).to.equal(true);
    expect(r.signature.holds).to.equal(false);
    expect(r.signature.detail).to.contain('does not verify');
  });

  it('another path or query fails the signature', async () => {
    expect((await audit(raw, { path: '/v1/entreprises/552100555?champs=siege' })).signature.holds).to.equal(
      false,
    );
    expect((await audit(raw, { path: '/v1/entreprises/552100554' })).signature.holds).to.equal(false);
    expect((await audit(raw, { path: `https://api.example${path}` })).signature.holds).to.equal(true);
  });

  it('a wrong key fails: another key set, or our keyid bound to another key', async () => {
    const missing = await audit(raw, { jwks: jwkSet(other) });
    expect(missing.signature.holds).to.equal(false);
    expect(missing.signature.detail).to.contain('not in the key set');
    const impostor = { keys: [{ ...other.publicJwk, kid: signer.keyId }] };
    const renamed = await audit(raw, { jwks: impostor });
    expect(renamed.signature.holds).to.equal(false);
    expect(renamed.signature.detail).to.contain('thumbprint');
    // Signed by the other key under its own keyid, verified against ours only.
    const signedByOther = signedSample(other, { path: '/v1/entreprises/552100554', query: 'champs=siege' });
    const crossed = tamper(signedByOther, `keyid="${other.keyId}"`, `keyid="${signer.keyId}"`);
    const wrong = await audit(crossed);
    expect(wrong.signature.holds).to.equal(false);
    expect(wrong.signature.detail).to.contain('does not verify');
  });

  it('a response without signature fields does not hold, and says so', async () => {
    const plain = Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n{}');
    const r = await audit(plain);
    expect(r.digest.holds).to.equal(false);
    expect(r.signature.detail).to.contain('no Signature-Input');
  });
});
