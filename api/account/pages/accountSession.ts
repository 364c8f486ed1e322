import Tokens from 'csrf';
import type { AppContext } from '../../state.ts';

/** The signed-in account: which key opened the session, and when. */
export interface AccountSession {
  accountId: string;
  /** SHA-256 of the key signed in with: the session ends when that key is revoked. */
  keyHash: string;
  /** Epoch milliseconds. */
  startedAt: number;
}

export const SESSION_COOKIE = 'registres_session';
export const CSRF_COOKIE = 'registres_csrf';
/** A session lasts this long from sign-in, whatever happens on it. */
export const SESSION_MAX_AGE_MS = 8 * 3600_000;

const SESSION_SHAPE = /^([0-9a-f]{16})\.([0-9a-f]{64})\.(\d{13})$/;
const tokens = new Tokens();

/** Browsers treat these hosts as secure contexts over plain HTTP: the Secure attribute is left off there only. */
export function isLocalHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '127.0.0.1' || h === '[::1]' || h === '::1';
}

/**
 * The cookies of the account pages: signed with the service's derived secret (the Koa app's keys), unreadable
 * by scripts, sent only to this site's own navigations (SameSite=Strict) and only over HTTPS except on
 * localhost, and only under the pages' path.
 */
function cookieOptions(ctx: AppContext, path: string, maxAge?: number) {
  return {
    path,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: !isLocalHost(ctx.hostname),
    signed: true,
    overwrite: true,
    ...(maxAge === undefined ? {} : { maxAge }),
  };
}

/** Whether a cookie can be set with the attributes above: over HTTPS, or on localhost. */
export function canHoldSession(ctx: AppContext): boolean {
  return ctx.secure || isLocalHost(ctx.hostname);
}

export function readSession(ctx: AppContext, now: Date): AccountSession | null {
  const value = ctx.cookies.get(SESSION_COOKIE, { signed: true });
  const m = value ? SESSION_SHAPE.exec(value) : null;
  if (!m) return null;
  const startedAt = Number(m[3]);
  const age = now.getTime() - startedAt;
  if (age < 0 || age > SESSION_MAX_AGE_MS) return null;
  return { accountId: m[1]!, keyHash: m[2]!, startedAt };
}

export function startSession(ctx: AppContext, path: string, session: AccountSession): void {
  const value = `${session.accountId}.${session.keyHash}.${session.startedAt}`;
  ctx.cookies.set(SESSION_COOKIE, value, cookieOptions(ctx, path, SESSION_MAX_AGE_MS));
}

export function endSession(ctx: AppContext, path: string): void {
  ctx.cookies.set(SESSION_COOKIE, null, cookieOptions(ctx, path));
}

/**
 * A CSRF token for a form (the synchroniser token of the `csrf` package): its secret lives in a signed,
 * HttpOnly, SameSite=Strict cookie set on first visit; each page carries a token derived from it.
 */
export function csrfToken(ctx: AppContext, path: string): string {
  let secret = ctx.cookies.get(CSRF_COOKIE, { signed: true });
  if (!secret) {
    secret = tokens.secretSync();
    ctx.cookies.set(CSRF_COOKIE, secret, cookieOptions(ctx, path));
  }
  return tokens.create(secret);
}

/** Whether a posted form carries a token of this browser's CSRF secret, and comes from this site. */
export function csrfValid(ctx: AppContext, token: unknown): boolean {
  // A browser names the page's origin on a POST (`null` from an opaque origin or some privacy settings: then the
  // token alone decides). Another site's origin is refused even with a token.
  // (Koa 3's `ctx.origin` is the request's Origin header, not the site's: the site's is built here.)
  const origin = ctx.get('Origin');
  if (origin && origin !== 'null' && origin !== `${ctx.protocol}://${ctx.host}`) return false;
  const secret = ctx.cookies.get(CSRF_COOKIE, { signed: true });
  return typeof token === 'string' && !!secret && tokens.verify(secret, token);
}
