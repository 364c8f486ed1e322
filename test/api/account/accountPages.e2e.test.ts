import http from 'node:http';
import { expect } from 'chai';
import { hashApiKey } from '../../../ops/accounts/apiKey.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { FormSession } from '../../support/formSession.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';

const KEY = /rk_[A-Za-z0-9_-]{43}/;
const shownKey = (html: string) => KEY.exec(html)?.[0] ?? null;
const hashesOf = (html: string) => [...html.matchAll(/name="cle" value="([0-9a-f]{64})"/g)].map((m) => m[1]!);

describe('account pages over HTTP: sessions, forms, keys (e2e)', () => {
  let service: PaidDemoService;
  before(async () => {
    service = await startPaidDemoService();
  });
  after(() => service?.stop());

  const browser = () => new FormSession(service.t.baseUrl);
  /** An account the operator opened, with one key, signed in from a fresh browser. */
  async function signedIn(): Promise<{ session: FormSession; key: string; accountId: string }> {
    const { key, accountId } = await openAccount(service.t.service.store);
    await service.t.service.runner.catchUp();
    const session = browser();
    await session.get('/compte');
    const { res } = await session.post('/compte/connexion', { cle: key });
    expect(res.status).to.equal(303);
    return { session, key, accountId };
  }

  it('serves the signed-out page uncached, with its own policy and a CSRF cookie scripts cannot read', async () => {
    const { res, html } = await browser().get('/compte');
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).to.equal('no-store');
    expect(res.headers.get('content-security-policy')).to.contain("form-action 'self'");
    expect(res.headers.get('content-security-policy')).to.contain("default-src 'none'");
    expect(html).to.not.contain('<script');
    const csrf = res.headers.getSetCookie().find((c) => c.startsWith('registres_csrf='));
    expect(csrf).to.match(/; path=\/compte/);
    expect(csrf).to.match(/; samesite=strict/i);
    expect(csrf).to.match(/; httponly/i);
    // 127.0.0.1 is localhost: no Secure attribute, or the browser would drop the cookie over plain HTTP.
    expect(csrf).to.not.match(/; secure/i);
  });

  it('opens an account: its key shown once, a session cookie that is HttpOnly and SameSite=Strict', async () => {
    const session = browser();
    await session.get('/compte');
    const { res, html } = await session.post('/compte/ouvrir');
    expect(res.status).to.equal(201);
    expect(res.headers.get('cache-control')).to.equal('no-store');
    const key = shownKey(html);
    expect(key).to.not.equal(null);
    const cookie = session.lastSetCookies.find((c) => c.startsWith('registres_session='));
    expect(cookie).to.match(/; path=\/compte/);
    expect(cookie).to.match(/; samesite=strict/i);
    expect(cookie).to.match(/; httponly/i);
    expect(cookie).to.not.contain(key!);
    const account = await session.get('/compte');
    expect(account.html).to.contain('Votre compte');
    expect(account.html).to.contain(key!.slice(0, 7));
    expect(shownKey(account.html)).to.equal(null);
    // The key opens the account at once, before any projection has caught up.
    const me = await fetch(`${service.t.baseUrl}/v1/compte`, { headers: { 'X-Api-Key': key! } });
    expect(me.status).to.equal(200);
  });

  it('refuses a form without this browser’s CSRF token, and opens nothing', async () => {
    const session = browser();
    await session.get('/compte');
    const { res, html } = await session.post('/compte/ouvrir', {}, { token: null });
    expect(res.status).to.equal(403);
    expect(html).to.contain('Formulaire refusé');
    expect(shownKey(html)).to.equal(null);
    expect(session.lastSetCookies.some((c) => c.startsWith('registres_session='))).to.equal(false);
    const stranger = browser();
    await stranger.get('/compte');
    const replayed = await stranger.post('/compte/ouvrir', {}, { token: 'x-not-a-token' });
    expect(replayed.res.status).to.equal(403);
  });

  it('refuses a form posted from another site, even with a valid token', async () => {
    const session = browser();
    await session.get('/compte');
    const { res, html } = await session.post('/compte/ouvrir', {}, { origin: 'https://attaquant.example' });
    expect(res.status).to.equal(403);
    expect(shownKey(html)).to.equal(null);
  });

  it('refuses an unknown key at sign-in with a 401 page and no session', async () => {
    const session = browser();
    await session.get('/compte');
    const { res, html } = await session.post('/compte/connexion', {
      cle: 'rk_0000000000000000000000000000000000000000000',
    });
    expect(res.status).to.equal(401);
    expect(html).to.contain('Clé inconnue ou révoquée');
    expect(session.lastSetCookies.some((c) => c.startsWith('registres_session='))).to.equal(false);
  });

  it('ignores a session cookie whose signature does not match', async () => {
    const { session, accountId } = await signedIn();
    const other = await openAccount(service.t.service.store);
    const value = session.cookies.get('registres_session')!;
    session.cookies.set('registres_session', value.replace(accountId, other.accountId));
    const { html } = await session.get('/compte');
    expect(html).to.contain('Ouvrir un compte');
    expect(html).to.not.contain(other.accountId);
  });

  it('never revokes the last active key of an account: no button, and a posted form is refused', async () => {
    const { session, key } = await signedIn();
    const page = await session.get('/compte');
    expect(hashesOf(page.html)).to.deep.equal([]);
    expect(page.html).to.contain('dernière clé');
    const refused = await session.post('/compte/cles/revoquer', { cle: hashApiKey(key) });
    expect(refused.res.status).to.equal(303);
    expect((await session.follow(refused.res)).html).to.contain(
      'La dernière clé active ne peut pas être révoquée',
    );
    const me = await fetch(`${service.t.baseUrl}/v1/compte`, { headers: { 'X-Api-Key': key } });
    expect(me.status).to.equal(200);
  });

  it('revoking a key ends the sessions opened with it, and the key no longer signs in', async () => {
    const { session: first, key } = await signedIn();
    const created = await first.post('/compte/cles');
    expect(created.res.status).to.equal(201);
    const secondKey = shownKey(created.html)!;
    const second = browser();
    await second.get('/compte');
    await second.post('/compte/connexion', { cle: secondKey });
    const page = await second.get('/compte');
    expect(hashesOf(page.html)).to.include(hashApiKey(key));
    const revoked = await second.post('/compte/cles/revoquer', { cle: hashApiKey(key) });
    expect(revoked.res.status).to.equal(303);
    expect((await second.follow(revoked.res)).html).to.contain('révoquée');
    const ended = await first.get('/compte');
    expect(ended.html).to.contain('Session terminée');
    const again = browser();
    await again.get('/compte');
    expect((await again.post('/compte/connexion', { cle: key })).res.status).to.equal(401);
  });

  it('revoking the key of the session itself signs out', async () => {
    const { session, key } = await signedIn();
    await session.post('/compte/cles');
    const page = await session.get('/compte');
    const own = hashApiKey(key);
    expect(hashesOf(page.html)).to.include(own);
    const { res, html } = await session.post('/compte/cles/revoquer', { cle: own });
    expect(res.status).to.equal(200);
    expect(html).to.contain('session terminée');
    expect(session.cookies.has('registres_session')).to.equal(false);
    expect((await session.get('/compte')).html).to.contain('Ouvrir un compte');
  });

  it('outside localhost over plain HTTP, refuses to serve the pages rather than send cookies in clear', async () => {
    const { port } = new URL(service.t.baseUrl);
    const answer = await new Promise<{ status: number; cookies: string[]; body: string }>(
      (resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port, path: '/compte', headers: { Host: 'registres.example' } },
          (res) => {
            let body = '';
            res.on('data', (c) => {
              body += c;
            });
            res.on('end', () =>
              resolve({ status: res.statusCode!, cookies: res.headers['set-cookie'] ?? [], body }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    expect(answer.status).to.equal(403);
    expect(answer.body).to.contain('HTTPS');
    expect(answer.cookies).to.deep.equal([]);
  });

  it('limits the accounts one address opens in an hour: 429 with Retry-After', async () => {
    const session = browser();
    await session.get('/compte');
    let last: Response | null = null;
    for (let i = 0; i < 6; i++) {
      last = (await session.post('/compte/ouvrir')).res;
      if (last.status === 429) break;
      await session.get('/compte');
    }
    expect(last!.status).to.equal(429);
    expect(Number(last!.headers.get('retry-after'))).to.be.greaterThan(0);
  });
});

describe('account pages behind a TLS proxy (TRUST_PROXY=1)', () => {
  let service: PaidDemoService;
  before(async () => {
    const previous = process.env.TRUST_PROXY;
    process.env.TRUST_PROXY = '1';
    try {
      service = await startPaidDemoService();
    } finally {
      if (previous === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = previous;
    }
  });
  after(() => service?.stop());

  it('sets its cookies Secure when the proxy says the request came over HTTPS', async () => {
    const { port } = new URL(service.t.baseUrl);
    const cookies = await new Promise<string[]>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/compte',
          headers: { Host: 'registres.example', 'X-Forwarded-Proto': 'https' },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode === 200 ? (res.headers['set-cookie'] ?? []) : []));
        },
      );
      req.on('error', reject);
      req.end();
    });
    const csrf = cookies.find((c) => c.startsWith('registres_csrf='));
    expect(csrf).to.match(/; secure/i);
    expect(csrf).to.match(/; httponly/i);
  });
});
