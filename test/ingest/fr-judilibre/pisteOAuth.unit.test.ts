import { expect } from 'chai';
import { pisteAuthenticatedFetch, pisteTokenUrl } from '../../../ingest/fr-judilibre/pisteOAuth.ts';
import { LiveUnavailableError } from '../../../schemas/live/liveUnavailable.ts';

interface Sent {
  url: string;
  authorization: string | null;
  body: string;
}

/** PISTE and Judilibre as a fake `fetch`: tokens t1, t2… in turn; the API answers 401 to the tokens in `expired`. */
function fakePiste(expired: Set<string>, tokenStatus = 200) {
  const sent: Sent[] = [];
  let issued = 0;
  const fake = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = String(input);
    const authorization = new Headers(init.headers).get('authorization');
    sent.push({ url, authorization, body: typeof init.body === 'string' ? init.body : '' });
    if (url.endsWith('/api/oauth/token')) {
      if (tokenStatus !== 200) return new Response('{"error":"invalid_client"}', { status: tokenStatus });
      issued += 1;
      return Response.json({
        access_token: `t${issued}`,
        token_type: 'Bearer',
        expires_in: 3600,
        scope: 'openid',
      });
    }
    const token = authorization?.replace('Bearer ', '') ?? '';
    return expired.has(token) ? new Response(null, { status: 401 }) : Response.json({ results: [] });
  };
  return { sent, fetch: fake as typeof fetch };
}

const API = 'https://api.piste.gouv.fr/cassation/judilibre/v1.0';

describe('PISTE OAuth for Judilibre (unit)', () => {
  it('takes its token from PISTE’s OAuth host, the sandbox’s for the sandbox, the replay’s under itself', () => {
    expect(pisteTokenUrl(API)).to.equal('https://oauth.piste.gouv.fr/api/oauth/token');
    expect(pisteTokenUrl('https://sandbox-api.piste.gouv.fr/cassation/judilibre/v1.0')).to.equal(
      'https://sandbox-oauth.piste.gouv.fr/api/oauth/token',
    );
    expect(pisteTokenUrl('http://127.0.0.1:9/fr.judilibre')).to.equal(
      'http://127.0.0.1:9/fr.judilibre/api/oauth/token',
    );
  });

  it('asks a token with the client credentials in the form body, then sends it as Bearer, once for many calls', async () => {
    const piste = fakePiste(new Set());
    const authed = pisteAuthenticatedFetch({
      tokenUrl: pisteTokenUrl(API),
      credentials: 'my-id:my:secret',
      fetch: piste.fetch,
    });
    await authed(`${API}/search?query=x`);
    await authed(`${API}/decision?id=y`);
    const token = piste.sent.filter((s) => s.url.endsWith('/api/oauth/token'));
    expect(token).to.have.length(1);
    expect(new URLSearchParams(token[0]!.body).get('client_secret')).to.equal('my:secret');
    expect(new URLSearchParams(token[0]!.body).get('grant_type')).to.equal('client_credentials');
    const api = piste.sent.filter((s) => !s.url.endsWith('/api/oauth/token'));
    expect(api.map((s) => s.authorization)).to.deep.equal(['Bearer t1', 'Bearer t1']);
    expect(piste.sent.every((s) => !s.url.includes('secret'))).to.equal(true);
  });

  it('asks the token again when Judilibre answers 401, and the call is answered with the new one', async () => {
    const piste = fakePiste(new Set(['t1']));
    const authed = pisteAuthenticatedFetch({
      tokenUrl: pisteTokenUrl(API),
      credentials: 'id:secret',
      fetch: piste.fetch,
    });
    const res = await authed(`${API}/search?query=x`);
    expect(res.status).to.equal(200);
    expect(piste.sent.map((s) => (s.url.endsWith('/token') ? 'token' : s.authorization))).to.deep.equal([
      'token',
      'Bearer t1',
      'token',
      'Bearer t2',
    ]);
  });

  it('a refused token request is a refusal of the register, not an absence', async () => {
    const piste = fakePiste(new Set(), 401);
    const authed = pisteAuthenticatedFetch({
      tokenUrl: pisteTokenUrl(API),
      credentials: 'id:bad',
      fetch: piste.fetch,
    });
    let caught: unknown;
    await authed(`${API}/search?query=x`).catch((err) => {
      caught = err;
    });
    expect(caught).to.be.instanceOf(LiveUnavailableError);
    expect((caught as LiveUnavailableError).reason).to.equal('refus');
  });
});
