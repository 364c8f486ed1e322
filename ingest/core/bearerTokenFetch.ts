import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';

/**
 * A token request's outcome: a token (and when it expires, epoch ms; absent: until a 401), or the register's
 * own answer to a busy moment (429, 5xx), handed back as the call's answer.
 */
export type TokenOutcome =
  | { token: string; expiresAt?: number }
  | { busy: { status: number; retryAfter: string | null } };

/** `user:secret` (the secret may hold colons); a value without a colon is a user alone. */
export function splitCredentials(credentials: string): { user: string; secret: string } {
  const at = credentials.indexOf(':');
  return at < 0
    ? { user: credentials, secret: '' }
    : { user: credentials.slice(0, at), secret: credentials.slice(at + 1) };
}

/**
 * The answer of a login or token endpoint: 429 or 5xx is busy (the client holds back or retries as for any
 * call), another status than 200 is `refus`, a 200 without a token `illisible`; else `read` takes the token
 * from the JSON body.
 */
export async function tokenAnswer(
  res: Response,
  register: string,
  what: string,
  read: (body: Record<string, unknown>) => { token: unknown; expiresAt?: number },
): Promise<TokenOutcome> {
  if (res.status === 429 || res.status >= 500) {
    await res.body?.cancel();
    return { busy: { status: res.status, retryAfter: res.headers.get('retry-after') } };
  }
  if (res.status !== 200) {
    await res.body?.cancel();
    throw new LiveUnavailableError(register, 'refus', `${what} refused (${res.status})`);
  }
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  const got = body && typeof body === 'object' ? read(body) : { token: null };
  if (typeof got.token !== 'string' || got.token === '') {
    throw new LiveUnavailableError(register, 'illisible', `${what}: the answer holds no token`);
  }
  return { token: got.token, ...(got.expiresAt === undefined ? {} : { expiresAt: got.expiresAt }) };
}

/**
 * A `fetch` that sends `Authorization: Bearer <token>`: the token `obtain` gives is kept and shared by every
 * call of this process (one request for it at a time), asked again once it has expired, and once more when
 * the register answers 401 (expired or revoked early). A busy token endpoint's answer is the call's answer.
 * The token request runs under the calling request's signal, so the client's timeout covers it.
 */
export function bearerTokenFetch(opts: {
  fetch: typeof fetch;
  obtain: (signal: AbortSignal | undefined) => Promise<TokenOutcome>;
  now?: () => Date;
}): typeof fetch {
  const now = opts.now ?? (() => new Date());
  let cached: { token: string; expiresAt?: number } | null = null;
  let pending: Promise<TokenOutcome> | null = null;

  function token(signal: AbortSignal | undefined): Promise<TokenOutcome> {
    if (cached !== null && (cached.expiresAt === undefined || cached.expiresAt > now().getTime())) {
      return Promise.resolve(cached);
    }
    pending ??= opts
      .obtain(signal)
      .then((outcome) => {
        if ('token' in outcome) cached = outcome;
        return outcome;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  }

  const authenticated = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const signal = init.signal ?? undefined;
    for (let attempt = 0; ; attempt++) {
      const outcome = await token(signal);
      if ('busy' in outcome) {
        const { status, retryAfter } = outcome.busy;
        return new Response(null, { status, headers: retryAfter ? { 'retry-after': retryAfter } : {} });
      }
      const headers = new Headers(init.headers);
      headers.set('authorization', `Bearer ${outcome.token}`);
      const res = await opts.fetch(input, { ...init, headers });
      if (res.status !== 401 || attempt > 0) return res;
      // Expired (or revoked): forget it, unless another call has already asked a new one.
      await res.body?.cancel();
      if (cached?.token === outcome.token) cached = null;
    }
  };
  return authenticated as typeof fetch;
}
