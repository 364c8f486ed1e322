import { createHash, createPublicKey, verify } from 'node:crypto';
import { expect } from 'chai';
import { httpbis } from 'http-message-signatures';
import { openAccount } from '../../ops/accounts/openAccount.ts';
import { targetDescription } from '../support/database.ts';
import { type PaidDemoService, startPaidDemoService } from '../support/paidDemoService.ts';

interface Jwk {
  kty: string;
  crv: string;
  x: string;
  kid: string;
}

/**
 * What a client who trusts none of our code does: verifies a paid answer's signature with an independent
 * RFC 9421 implementation (`http-message-signatures`, its own signature base and structured-field parser),
 * the public key taken from our JWK set and checked by node:crypto, and the RFC 9530 digest of the bytes.
 */
describe(`Signed answers checked by an independent RFC 9421 verifier (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  let key: string;
  let jwks: Jwk[];

  before(async () => {
    service = await startPaidDemoService();
    key = (await openAccount(service.t.service.store, { credits: 1_000_000 })).key;
    await service.t.service.runner.catchUp();
    jwks = ((await (await fetch(`${service.t.baseUrl}/.well-known/jwks.json`)).json()) as { keys: Jwk[] })
      .keys;
  });
  after(async () => {
    await service?.stop();
  });

  /** A paid answer as the client received it: the request it sent, the status, headers and body bytes. */
  async function paid(path: string) {
    const url = `${service.t.baseUrl}${path}`;
    const requestHeaders = { 'x-api-key': key };
    const res = await fetch(url, { headers: requestHeaders });
    const body = Buffer.from(await res.arrayBuffer());
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return { request: { method: 'GET', url, headers: requestHeaders }, status: res.status, headers, body };
  }

  /** The independent verifier's answer: true when a key of the JWK set verifies the signature. */
  async function verifies(answer: Awaited<ReturnType<typeof paid>>): Promise<boolean | null> {
    return httpbis.verifyMessage(
      {
        requiredFields: ['@method', '@path', '@query', 'content-digest', 'content-type'],
        requiredParams: ['created', 'keyid', 'alg'],
        maxAge: 300,
        keyLookup: async (params) => {
          const jwk = jwks.find((k) => k.kid === params.keyid);
          if (!jwk) return null;
          const publicKey = createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, format: 'jwk' });
          return {
            id: jwk.kid,
            algs: ['ed25519'],
            verify: async (data, signature) => verify(null, data, publicKey, signature),
          };
        },
      },
      { status: answer.status, headers: answer.headers },
      answer.request,
    );
  }

  const digestOf = (bytes: Buffer) => `sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`;

  for (const path of [
    '/v1/entreprise/005420120',
    '/v1/entreprise/005420120/etablissements',
    '/v1/recherche?q=soci%C3%A9t%C3%A9%20bretonne',
    '/v1/entreprises/requete/lister?tri=-identite.siren&page=1',
    '/v1/eu/entreprise/NO/998543118',
  ]) {
    it(`${path}: the signature verifies, over a digest of the exact bytes received`, async () => {
      const answer = await paid(path);
      expect(answer.status).to.equal(200);
      expect(answer.headers['content-digest']).to.equal(digestOf(answer.body));
      expect(await verifies(answer)).to.equal(true);
    });
  }

  it('fails for another request: the signature binds the path and query it answered', async () => {
    const answer = await paid('/v1/recherche?q=bretonne');
    const other = {
      ...answer,
      request: { ...answer.request, url: answer.request.url.replace('bretonne', 'normande') },
    };
    expect(await verifies(answer)).to.equal(true);
    expect(await verifies(other)).to.equal(false);
  });

  it('fails when a covered header is changed on the way', async () => {
    const answer = await paid('/v1/entreprise/005420120');
    const changed = {
      ...answer,
      headers: { ...answer.headers, 'content-digest': digestOf(Buffer.from('{}')) },
    };
    expect(await verifies(changed)).to.equal(false);
  });
});
