import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import * as ed from '@noble/ed25519';
import { expect } from 'chai';
import { ed25519PublicJwk, jwkSet, jwkThumbprint } from '../../../ops/signing/jwk.ts';
import { createSigner } from '../../../ops/signing/signer.ts';

// RFC 8037, appendix A: the Ed25519 example key, its RFC 7638 thumbprint and a JWS signature made with it.
const RFC8037 = {
  d: 'nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A',
  x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo',
  thumbprint: 'kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k',
  signingInput: 'eyJhbGciOiJFZERTQSJ9.RXhhbXBsZSBvZiBFZDI1NTE5IHNpZ25pbmc',
  signature: 'hgyY0il_MGCjP0JzlnLWG1PPOt7-09PGcvMg3AIbQR6dWbhijcNR4ki4iylGjg5BhVsPt9g7sVvpAr_MuM0KAg',
};

const rfcKey = () =>
  createPrivateKey({ key: { kty: 'OKP', crv: 'Ed25519', d: RFC8037.d, x: RFC8037.x }, format: 'jwk' });

describe('signer', () => {
  it('names the key by its RFC 7638 thumbprint, as in RFC 8037', () => {
    expect(jwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: RFC8037.x })).to.equal(RFC8037.thumbprint);
    const signer = createSigner(rfcKey());
    expect(signer.keyId).to.equal(RFC8037.thumbprint);
  });

  it('publishes the public key as an OKP Ed25519 JWK for EdDSA signatures', () => {
    const signer = createSigner(rfcKey());
    expect(signer.publicJwk).to.deep.equal({
      kty: 'OKP',
      crv: 'Ed25519',
      x: RFC8037.x,
      kid: RFC8037.thumbprint,
      alg: 'EdDSA',
      use: 'sig',
    });
    expect(signer.publicJwk).to.not.have.property('d');
    expect(jwkSet(signer)).to.deep.equal({ keys: [signer.publicJwk] });
  });

  it('signs exactly as RFC 8037 does, and @noble/ed25519 verifies what node:crypto signed', async () => {
    const signer = createSigner(rfcKey());
    const signature = signer.sign(Buffer.from(RFC8037.signingInput, 'ascii'));
    expect(signature.toString('base64url')).to.equal(RFC8037.signature);
    const ok = await ed.verifyAsync(
      signature,
      Buffer.from(RFC8037.signingInput, 'ascii'),
      Buffer.from(RFC8037.x, 'base64url'),
    );
    expect(ok).to.equal(true);
  });

  it('refuses a key that is not an Ed25519 private key', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(() => createSigner(privateKey)).to.throw(/Ed25519/);
    expect(() => createSigner(publicKey)).to.throw(/Ed25519/);
  });

  it('never shows the private key when the signer is serialised', () => {
    const signer = createSigner(rfcKey());
    const text = JSON.stringify(signer);
    expect(text).to.not.contain(RFC8037.d);
    expect(ed25519PublicJwk(RFC8037.x).kid).to.equal(signer.keyId);
  });
});
