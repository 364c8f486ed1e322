import { FR_RNE_REGISTER } from '../../schemas/events/frRneEvents.ts';
import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';

/** A login that did not give a token but is the RNE's own answer to a busy moment (429, 5xx). */
type LoginOutcome = { token: string } | { busy: { status: number; retryAfter: string | null } };

/** `user:password` (the password may hold colons); a value without a colon is a user name alone. */
function splitCredentials(credentials: string): { username: string; password: string } {
  const at = credentials.indexOf(':');
  return at < 0
    ? { username: credentials, password: '' }
    : { username: credentials.slice(0, at), password: credentials.slice(at + 1) };
}

/**
 * The RNE's authentication as a `fetch` for the live client: `POST {base}/api/sso/login` with
 * `{"username","password"}` gives `{"token"}`, sent as `Authorization: Bearer <token>`. The token is kept and
 * shared by every call of this process (one login at a time), and asked again once when the RNE answers 401
 * (expired). The login runs under the calling request's signal, so the client's timeout covers it; a login
 * answered 429 or 5xx is handed back as the call's answer (the client holds back or retries as for any call),
 * any other refusal is `refus`. Credentials and token travel in the body and a header only: never in a URL,
 * an event or a log line.
 */
export function rneAuthenticatedFetch(opts: {
  baseUrl: string;
  credentials: string;
  fetch?: typeof fetch;
}): typeof fetch {
  const doFetch = opts.fetch ?? fetch;
  const { username, password } = splitCredentials(opts.credentials);
  let cached: string | null = null;
  let pending: Promise<LoginOutcome> | null = null;

  async function login(signal: AbortSignal | undefined): Promise<LoginOutcome> {
    const res = await doFetch(`${opts.baseUrl}/api/sso/login`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
      ...(signal ? { signal } : {}),
    });
    if (res.status === 429 || res.status >= 500) {
      await res.body?.cancel();
      return { busy: { status: res.status, retryAfter: res.headers.get('retry-after') } };
    }
    if (res.status !== 200) {
      await res.body?.cancel();
      throw new LiveUnavailableError(FR_RNE_REGISTER, 'refus', `RNE: login refused (${res.status})`);
    }
    const body = (await res.json().catch(() => null)) as { token?: unknown } | null;
    if (typeof body?.token !== 'string' || body.token === '') {
      throw new LiveUnavailableError(FR_RNE_REGISTER, 'illisible', 'RNE: the login answer holds no token');
    }
    return { token: body.token };
  }

  function token(signal: AbortSignal | undefined): Promise<LoginOutcome> {
    if (cached !== null) return Promise.resolve({ token: cached });
    pending ??= login(signal)
      .then((outcome) => {
        if ('token' in outcome) cached = outcome.token;
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
      const res = await doFetch(input, { ...init, headers });
      if (res.status !== 401 || attempt > 0) return res;
      // Expired (or revoked): forget it, unless another call has already logged in again.
      await res.body?.cancel();
      if (cached === outcome.token) cached = null;
    }
  };
  return authenticated as typeof fetch;
}
