import { expect } from 'chai';
import { headerValue, parseSavedResponse } from '../../../ops/audit/parseSavedResponse.ts';
import { parseDictionary } from '../../../ops/audit/parseStructuredFields.ts';

describe('reading a response saved with curl -si', () => {
  const body = '{"citation":"x","data":{"siren":"552100554"}}';

  it('reads an HTTP/1.1 response with CRLF line ends, keeping the body bytes exactly', () => {
    const raw = Buffer.from(
      `HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\nX-Multi: a\r\nx-multi: b\r\n\r\n${body}`,
    );
    const res = parseSavedResponse(raw);
    expect(res.status).to.equal(200);
    expect(res.httpVersion).to.equal('1.1');
    expect(headerValue(res, 'Content-Type')).to.equal('application/json; charset=utf-8');
    expect(headerValue(res, 'x-multi')).to.equal('a, b');
    expect(res.body.toString()).to.equal(body);
  });

  it('reads an HTTP/2 status line with LF line ends and a body that holds blank lines', () => {
    const text = 'line one\r\n\r\nline three\n';
    const res = parseSavedResponse(Buffer.from(`HTTP/2 200 \ncontent-type: text/plain\n\n${text}`));
    expect(res.httpVersion).to.equal('2');
    expect(res.body.toString()).to.equal(text);
  });

  it('skips an interim 100 Continue and a proxy CONNECT answer', () => {
    const raw = Buffer.from(
      `HTTP/1.1 200 Connection established\r\n\r\nHTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nA: 1\r\n\r\n${body}`,
    );
    const res = parseSavedResponse(raw);
    expect(res.status).to.equal(201);
    expect(res.body.toString()).to.equal(body);
  });

  it('refuses what is not a saved response', () => {
    expect(() => parseSavedResponse(Buffer.from(body))).to.throw(/not a saved HTTP response|blank line/);
    expect(() => parseSavedResponse(Buffer.from('<html>\n\n</html>'))).to.throw(/not a saved HTTP response/);
  });

  it('parses the structured dictionaries of the signature fields', () => {
    const input = parseDictionary(
      'sig1=("@method";req "content-type");created=1700000000;keyid="k\\"1";alg="ed25519"',
    );
    const sig1 = input.get('sig1');
    expect(sig1?.kind).to.equal('innerList');
    if (sig1?.kind !== 'innerList') return;
    expect(sig1.items.map((i) => [i.value, i.params])).to.deep.equal([
      ['@method', [['req', true]]],
      ['content-type', []],
    ]);
    expect(sig1.params).to.deep.equal([
      ['created', 1700000000],
      ['keyid', 'k"1'],
      ['alg', 'ed25519'],
    ]);
    const digest = parseDictionary('sha-256=:AAEC:, sha-512=:AA==:');
    const sha = digest.get('sha-256');
    expect(sha?.kind === 'item' && Buffer.from(sha.value as Uint8Array).toString('hex')).to.equal('000102');
    expect(() => parseDictionary('sig1=(')).to.throw(/structured field/);
  });
});
