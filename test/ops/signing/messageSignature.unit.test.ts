import { expect } from 'chai';
import { contentDigest } from '../../../ops/signing/contentDigest.ts';
import {
  queryComponentValue,
  RESPONSE_COMPONENTS,
  responseSignatureTemplate,
  signatureBase,
  signatureParamsValue,
} from '../../../ops/signing/messageSignature.ts';

describe('message signature base (RFC 9421)', () => {
  const params = signatureParamsValue(RESPONSE_COMPONENTS, [
    ['created', 1618884473],
    ['keyid', 'test-key-ed25519'],
    ['alg', 'ed25519'],
  ]);

  it('marks the request components of a response with req and serialises the parameters in order', () => {
    expect(params).to.equal(
      '("@method";req "@path";req "@query";req "content-digest" "content-type");created=1618884473;keyid="test-key-ed25519";alg="ed25519"',
    );
  });

  it('writes one line per component, then the signature parameters, with no trailing newline', () => {
    const values = [
      'GET',
      '/v1/entreprises/552100554',
      '?champs=siege',
      'sha-256=:abc=:',
      'application/json',
    ];
    const base = signatureBase(
      RESPONSE_COMPONENTS.map((c, i) => [c, values[i]!] as const),
      params,
    );
    expect(base).to.equal(
      [
        '"@method";req: GET',
        '"@path";req: /v1/entreprises/552100554',
        '"@query";req: ?champs=siege',
        '"content-digest": sha-256=:abc=:',
        '"content-type": application/json',
        `"@signature-params": ${params}`,
      ].join('\n'),
    );
  });

  it('writes, from the per-key template, the same parameters and base as the generic serialisers', () => {
    const template = responseSignatureTemplate('test-key-ed25519');
    expect(template.params(1618884473)).to.equal(params);
    const values = ['GET', '/v1/entreprise/552100554', '?geo=true', 'sha-256=:abc=:', 'application/json'];
    expect(
      template.base(
        {
          method: 'GET',
          path: '/v1/entreprise/552100554',
          query: '?geo=true',
          contentDigest: 'sha-256=:abc=:',
          contentType: 'application/json',
        },
        params,
      ),
    ).to.equal(
      signatureBase(
        RESPONSE_COMPONENTS.map((c, i) => [c, values[i]!] as const),
        params,
      ),
    );
  });

  it('refuses, in the template too, a component value holding a newline', () => {
    const template = responseSignatureTemplate('k');
    const values = { method: 'GET', path: '/a', query: '?', contentDigest: 'd', contentType: 'x\r\ny' };
    expect(() => template.base(values, template.params(1))).to.throw(/newline/);
  });

  it('gives a lone ? as the query of a request without one', () => {
    expect(queryComponentValue('')).to.equal('?');
    expect(queryComponentValue('a=1&b=%2D')).to.equal('?a=1&b=%2D');
  });

  it('refuses a component value holding a newline', () => {
    expect(() => signatureBase([[{ value: 'x-evil', params: [] }, 'a\nb']], params)).to.throw(/newline/);
  });

  it('states the SHA-256 of the body as an RFC 9530 Content-Digest', () => {
    expect(contentDigest(Buffer.alloc(0))).to.equal('sha-256=:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=:');
    // RFC 9530, section 2: the example body {"hello": "world"}.
    expect(contentDigest(Buffer.from('{"hello": "world"}\n'))).to.equal(
      'sha-256=:RK/0qy18MlBSVnWgjwz6lZEWjP/lF5HF9bvEF8FabDg=:',
    );
  });
});
