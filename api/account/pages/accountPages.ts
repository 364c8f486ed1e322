import { bodyParser } from '@koa/bodyparser';
import type Router from '@koa/router';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { monthOf } from '../../../ops/accounts/accountEvents.ts';
import { activeKeys, balanceOf, freeCallsUsed } from '../../../ops/accounts/accountState.ts';
import { hashApiKey } from '../../../ops/accounts/apiKey.ts';
import { toApiError } from '../../middleware/errorHandler.ts';
import { answerHtml } from '../../pages/html.ts';
import type { AppContext, AppMiddleware, AppState } from '../../state.ts';
import type { AccountDesk } from '../accountDesk.ts';
import {
  canHoldSession,
  csrfToken,
  csrfValid,
  endSession,
  readSession,
  startSession,
} from './accountSession.ts';
import {
  ACCOUNT_CSP,
  dashboardPage,
  keyShownPage,
  type Notice,
  type PageSite,
  refusalPage,
  welcomePage,
} from './accountViews.ts';

export interface AccountPagesDeps {
  desk: AccountDesk;
  serverUrl: string;
  /** `ACCOUNT_URL`: the pages are served at its path (default `/compte`). */
  accountUrl: string;
  /** Route id → path, for the list of recent calls. */
  routePaths: ReadonlyMap<string, string>;
  now?: () => Date;
  /** Accounts one client address may open per hour (default 5). */
  opensPerHour?: number;
  /** Failed sign-ins one client address may make per 10 minutes (default 20). */
  failedSignInsPer10Min?: number;
  /** Active keys an account may hold at once (default 10). */
  maxKeys?: number;
}

/** The path the account pages are served at: `ACCOUNT_URL`'s, or `/compte`. */
export function accountPagesPath(accountUrl: string): string {
  try {
    const path = new URL(accountUrl).pathname.replace(/\/+$/, '');
    return path === '' ? '/compte' : path;
  } catch {
    return '/compte';
  }
}

/** A refusal shown as a page: its status, title and bilingual message. */
class PageRefusal extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const KEY_HASH = /^[0-9a-f]{64}$/;
const KEY_HINT = /^rk_[A-Za-z0-9_-]{4}$/;

const REVOKE_REFUSALS: Record<string, string> = {
  cle_inconnue: 'Cette clé n’est pas une clé du compte. / This key is not one of the account’s.',
  cle_deja_revoquee: 'Cette clé est déjà révoquée. / This key is already revoked.',
  derniere_cle:
    'La dernière clé active ne peut pas être révoquée : créez-en une autre d’abord. / The last active key cannot be revoked: create another first.',
};

/** What every account page works with: where the pages are, the site they belong to, the desk. */
interface AccountPages {
  deps: AccountPagesDeps;
  base: string;
  site: PageSite;
  now: () => Date;
  maxKeys: number;
}

type SignedIn = {
  session: NonNullable<ReturnType<typeof readSession>>;
  state: NonNullable<Awaited<ReturnType<AccountDesk['load']>>>;
};

/**
 * The account pages at `ACCOUNT_URL` (default `{base_url}/compte`), served by the service itself: open an
 * account (its first key shown once), sign in with a key, see the balance by lot, the free calls of the month
 * and the recent calls, create a second key, revoke a key, sign out. Server-rendered forms, no script; the
 * session is a signed HttpOnly, SameSite=Strict cookie (Secure except on localhost) tied to the key signed in
 * with; every form carries a CSRF token. Answers are never stored by a cache.
 */
export function registerAccountPages(router: Router<AppState>, deps: AccountPagesDeps): void {
  const base = accountPagesPath(deps.accountUrl);
  const pages: AccountPages = {
    deps,
    base,
    site: { base, serverUrl: deps.serverUrl, freeCallsPerMonth: deps.desk.freeCallsPerMonth },
    now: deps.now ?? (() => new Date()),
    maxKeys: deps.maxKeys ?? 10,
  };
  const opens = new RateLimiterMemory({ points: deps.opensPerHour ?? 5, duration: 3600 });
  const failedSignIns = new RateLimiterMemory({ points: deps.failedSignInsPer10Min ?? 20, duration: 600 });
  const asPage = asAccountPage(pages.site);
  const form = bodyParser({ enableTypes: ['form'], formLimit: '4kb' }) as unknown as AppMiddleware;
  const post = (path: string, handler: AppMiddleware) =>
    router.post(`${base}${path}`, asPage, form, csrfChecked, handler);

  router.get(base, asPage, (ctx) => showAccount(pages, ctx));
  post('/ouvrir', (ctx) => openAccount(pages, opens, ctx));
  post('/connexion', (ctx) => signIn(pages, failedSignIns, ctx));
  post('/deconnexion', async (ctx) => {
    endSession(ctx, base);
    ctx.status = 303;
    ctx.redirect(`${base}?fin=1`);
  });
  post('/cles', (ctx) => issueKey(pages, ctx));
  post('/cles/revoquer', (ctx) => revokeKey(pages, ctx));
}

function html(ctx: AppContext, page: string, status = 200): void {
  ctx.status = status;
  answerHtml(ctx, page, ACCOUNT_CSP);
  // Forms posted from these pages name their origin (under `no-referrer` a browser sends `Origin: null`).
  ctx.set('Referrer-Policy', 'same-origin');
}

/** Every account page: never cached, HTTPS outside localhost, and any failure answered as a page. */
function asAccountPage(site: PageSite): AppMiddleware {
  return async function accountPage(ctx, next) {
    ctx.set('Cache-Control', 'no-store');
    ctx.vary('Cookie');
    try {
      if (!canHoldSession(ctx)) {
        ctx.state.log?.warn(
          'account page asked over plain HTTP: serve it over HTTPS (behind a proxy: TRUST_PROXY=1)',
        );
        throw new PageRefusal(
          403,
          'HTTPS requis / HTTPS required',
          'Les pages du compte ne sont servies qu’en HTTPS. / Account pages are only served over HTTPS.',
        );
      }
      await next();
    } catch (err) {
      if (err instanceof PageRefusal) {
        for (const [k, v] of Object.entries(err.headers)) ctx.set(k, v);
        html(ctx, refusalPage(site, err.title, err.message), err.status);
        return;
      }
      const api = toApiError(err);
      if (api.status >= 500) ctx.state.log?.warn({ code: api.code }, 'account page not served');
      for (const [k, v] of Object.entries(api.headers)) ctx.set(k, v);
      html(ctx, refusalPage(site, `Erreur ${api.status} / Error ${api.status}`, api.message), api.status);
    }
  };
}

/** A posted form's field, when it is one string. */
function field(ctx: AppContext, name: string): string | undefined {
  const value = (ctx.request as { body?: Record<string, unknown> }).body?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** A posted form must carry this browser's CSRF token and come from this site. */
const csrfChecked: AppMiddleware = async function csrfCheck(ctx, next) {
  if (!csrfValid(ctx, field(ctx, '_csrf'))) {
    throw new PageRefusal(
      403,
      'Formulaire refusé / Form refused',
      'Ce formulaire a expiré ou ne vient pas de ce site ; rechargez la page du compte. / This form has expired or does not come from this site; reload the account page.',
    );
  }
  await next();
};

/** The signed-in account, when the session's key still opens it (otherwise the session ends). */
async function signedIn(pages: AccountPages, ctx: AppContext): Promise<SignedIn | null> {
  const session = readSession(ctx, pages.now());
  if (!session) return null;
  const state = await pages.deps.desk.load(session.accountId);
  const key = state?.keys.find((k) => k.keyHash === session.keyHash);
  if (!state || !key || key.revokedAt !== null) {
    endSession(ctx, pages.base);
    return null;
  }
  return { session, state };
}

/** `GET /compte`: the dashboard of the signed-in account, or the welcome page. */
async function showAccount(pages: AccountPages, ctx: AppContext): Promise<void> {
  const { deps, base, site, now } = pages;
  const notice = noticeOf(ctx.query);
  const hadSession = readSession(ctx, now()) !== null;
  const current = await signedIn(pages, ctx);
  if (!current) {
    const ended: Notice | undefined = hadSession
      ? {
          kind: 'alerte',
          text: 'Session terminée : la clé utilisée pour se connecter a été révoquée. / Session ended: the key it was opened with was revoked.',
        }
      : undefined;
    html(ctx, welcomePage(site, csrfToken(ctx, base), ended ?? notice));
    return;
  }
  const { session, state } = current;
  const at = now();
  const month = monthOf(at);
  const calls = await deps.desk.recentCalls(state.accountId);
  const usage = await deps.desk.dailyUsage(state.accountId);
  html(
    ctx,
    dashboardPage(
      site,
      {
        accountId: state.accountId,
        now: at,
        balance: balanceOf(state, at),
        lots: state.lots,
        freeCalls: { month, used: freeCallsUsed(state, month) },
        calls,
        keys: state.keys,
        sessionKeyHash: session.keyHash,
        routePaths: deps.routePaths,
        csrf: csrfToken(ctx, base),
        maxKeys: pages.maxKeys,
        usage,
      },
      notice,
    ),
  );
}

/** `POST /compte/ouvrir`: a new account, signed in, its first key shown once. */
async function openAccount(pages: AccountPages, opens: RateLimiterMemory, ctx: AppContext): Promise<void> {
  await spend(opens, ctx.ip, 'Trop de comptes ouverts depuis cette adresse / Too many accounts opened');
  const opened = await pages.deps.desk.open();
  ctx.state.log?.info({ accountId: opened.accountId }, 'account opened from the account pages');
  startSession(ctx, pages.base, {
    accountId: opened.accountId,
    keyHash: opened.keyHash,
    startedAt: pages.now().getTime(),
  });
  html(ctx, keyShownPage(pages.site, { key: opened.key, accountId: opened.accountId, first: true }), 201);
}

/** `POST /compte/connexion`: signs in with a key; failures are counted per address. */
async function signIn(pages: AccountPages, failedSignIns: RateLimiterMemory, ctx: AppContext): Promise<void> {
  const refused = await failedSignIns.get(`a:${ctx.ip}`);
  if (refused && refused.remainingPoints <= 0) throw tooMany(refused, 'Trop d’essais / Too many attempts');
  const key = (field(ctx, 'cle') ?? '').trim();
  const accountId = key ? await pages.deps.desk.accountOf(key) : null;
  if (!accountId) {
    await failedSignIns.penalty(`a:${ctx.ip}`, 1);
    html(
      ctx,
      welcomePage(pages.site, csrfToken(ctx, pages.base), {
        kind: 'alerte',
        text: 'Clé inconnue ou révoquée. / Unknown or revoked key.',
      }),
      401,
    );
    return;
  }
  startSession(ctx, pages.base, { accountId, keyHash: hashApiKey(key), startedAt: pages.now().getTime() });
  ctx.status = 303;
  ctx.redirect(pages.base);
}

/** `POST /compte/cles`: one more key, shown once, within the account's limit of active keys. */
async function issueKey(pages: AccountPages, ctx: AppContext): Promise<void> {
  const { base } = pages;
  const current = await signedIn(pages, ctx);
  if (!current) return seeOther(ctx, base);
  if (activeKeys(current.state).length >= pages.maxKeys) return seeOther(ctx, `${base}?erreur=trop_de_cles`);
  const issued = await pages.deps.desk.issueKey(current.state.accountId);
  if (!issued) return seeOther(ctx, base);
  ctx.state.log?.info(
    { accountId: current.state.accountId, keyHint: issued.keyHint },
    'key issued from the account pages',
  );
  html(
    ctx,
    keyShownPage(pages.site, { key: issued.key, accountId: current.state.accountId, first: false }),
    201,
  );
}

/** `POST /compte/cles/revoquer`: revokes a key of the account; revoking the session's own signs out. */
async function revokeKey(pages: AccountPages, ctx: AppContext): Promise<void> {
  const { base } = pages;
  const current = await signedIn(pages, ctx);
  if (!current) return seeOther(ctx, base);
  const keyHash = field(ctx, 'cle') ?? '';
  if (!KEY_HASH.test(keyHash)) return seeOther(ctx, `${base}?erreur=cle_inconnue`);
  const revoked = await pages.deps.desk.revokeKey(current.state.accountId, keyHash);
  if (!revoked.ok) return seeOther(ctx, `${base}?erreur=${revoked.error}`);
  ctx.state.log?.info(
    { accountId: current.state.accountId, keyHint: revoked.keyHint },
    'key revoked from the account pages',
  );
  if (keyHash === current.session.keyHash) {
    endSession(ctx, base);
    html(
      ctx,
      welcomePage(pages.site, csrfToken(ctx, base), {
        kind: 'notice',
        text: `Clé ${revoked.keyHint}… révoquée. Vous étiez connecté avec elle : session terminée. / Key revoked. You were signed in with it: signed out.`,
      }),
    );
    return;
  }
  seeOther(ctx, `${base}?revoquee=${encodeURIComponent(revoked.keyHint)}`);
}

function seeOther(ctx: AppContext, location: string): void {
  ctx.status = 303;
  ctx.redirect(location);
}

/** The notice a redirect asks for (`?revoquee=`, `?erreur=`, `?fin=`); anything else is ignored. */
function noticeOf(query: Record<string, unknown>): Notice | undefined {
  const revoked = query.revoquee;
  if (typeof revoked === 'string' && KEY_HINT.test(revoked)) {
    return {
      kind: 'notice',
      text: `Clé ${revoked}… révoquée : les appels qui la présentent ne sont plus débités sur ce compte. / Key revoked: calls presenting it are no longer charged to this account.`,
    };
  }
  const error = query.erreur;
  if (error === 'trop_de_cles') {
    return { kind: 'alerte', text: 'Trop de clés actives. / Too many active keys.' };
  }
  if (typeof error === 'string' && REVOKE_REFUSALS[error])
    return { kind: 'alerte', text: REVOKE_REFUSALS[error] };
  if (query.fin === '1') return { kind: 'notice', text: 'Vous êtes déconnecté. / You are signed out.' };
  return undefined;
}

/** Takes one point from a limiter, or refuses with 429 and `Retry-After`. */
async function spend(limiter: RateLimiterMemory, ip: string, title: string): Promise<void> {
  try {
    await limiter.consume(`a:${ip}`, 1);
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    throw tooMany(refusal, title);
  }
}

function tooMany(state: RateLimiterRes, title: string): PageRefusal {
  const retryAfter = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  return new PageRefusal(429, title, `Réessayez dans ${retryAfter} s. / Retry in ${retryAfter} s.`, {
    'Retry-After': String(retryAfter),
  });
}
