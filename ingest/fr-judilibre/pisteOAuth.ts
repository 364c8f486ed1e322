import { FR_JUDILIBRE_REGISTER } from '../../schemas/events/frJudilibreEvents.ts';
import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';

/** A token request that did not give a token but is PISTE's own answer to a busy moment (429, 5xx). */
type TokenOutcome = { token: string } | { busy: { status: number; retryAfter: string | null } };

/** Path of PISTE's OAuth2 token endpoint on its OAuth host. */
export const PISTE_TOKEN_PATH = '/api/oauth/token';

/**
 * Where PISTE issues tokens for an API base: `https://oauth.piste.gouv.fr/api/oauth/token` for the production
 * gateway `api.piste.gouv.fr`, `https://sandbox-oauth.piste.gouv.fr/api/oauth/token` for its sandbox (PISTE's
 * hosts since the 2023-09-30 decommissioning of the *.aife.economie.gouv.fr ones); any other base (the replay
 * server of the demo and tests) serves the token endpoint under itself: `{base}/api/oauth/token`.
 */
export function pisteTokenUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (url.hostname === 'api.piste.gouv.fr') return `https://oauth.piste.gouv.fr${PISTE_TOKEN_PATH}`;
  if (url.hostname === 'sandbox-api.piste.gouv.fr') {
    return `https://sandbox-oauth.piste.gouv.fr${PISTE_TOKEN_PATH}`;
  }
  return `${baseUrl}${PISTE_TOKEN_PATH}`;
}

/** `client_id:client_secret` (the secret may hold colons). */
function splitCredentials(credentials: string): { clientId: string; clientSecret: string } {
  const at = credentials.indexOf(':');
  return at < 0
    ? { clientId: credentials, clientSecret: '' }
    : { clientId: credentials.slice(0, at), clientSecret: credentials.slice(at + 1) };
}

/**
 * PISTE's OAuth2 client-credentials flow as a `fetch` for the live client: `POST {oauth}/api/oauth/token` with
 * the form `grant_type=client_credentials&client_id=…&client_secret=…&scope=openid` gives `{access_token,
 * token_type: "Bearer", expires_in: 3600, scope}`, sent as `Authorization: Bearer <token>` on every call. The
 * token is shared by the calls of this process (one request at a time), asked again before it expires (a
 * minute early) and once when the API answers 401. A token request answered 429 or 5xx is handed back as the
 * call's answer (the client holds back or retries as for any call); any other refusal is `refus`.
 *
 * PISTE also accepts an application's `KeyId` header (the API key of the OpenAPI's `access` scheme). We use
 * OAuth: the secret only travels to the token endpoint, what reaches the API is a token that expires within
 * the hour, and the configured value is PISTE's client id and secret. Credentials travel in the form body,
 * the token in a header: never in a URL, an event or a log line.
 */
export function pisteAuthenticatedFetch(opts: {
  tokenUrl: string;
  credentials: string;
  fetch?: typeof fetch;
  now?: () => Date;
}): typeof fetch {
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? (() => new Date());
  const { clientId, clientSecret } = splitCredentials(opts.credentials);
  let cached: { token: string; expiresAt: number } | null = null;
  let pending: Promise<TokenOutcome> | null = null;

  async function requestToken(signal: AbortSignal | undefined): Promise<TokenOutcome> {
    const res = await doFetch(opts.tokenUrl, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: clientSecret,
        scope: 'openid',
      }).toString(),
      ...(signal ? { signal } : {}),
    });
    if (res.status === 429 || res.status >= 500) {
      await res.body?.cancel();
      return { busy: { status: res.status, retryAfter: res.headers.get('retry-after') } };
    }
    if (res.status !== 200) {
      await res.body?.cancel();
      throw new LiveUnavailableError(FR_JUDILIBRE_REGISTER, 'refus', `PISTE: token refused (${res.status})`);
    }
    const body = (await res.json().catch(() => null)) as {
      access_token?: unknown;
      expires_in?: unknown;
    } | null;
    if (typeof body?.access_token !== 'string' || body.access_token === '') {
      throw new LiveUnavailableError(
        FR_JUDILIBRE_REGISTER,
        'illisible',
        'PISTE: the token answer holds no token',
      );
    }
    const lifetimeS = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
    cached = { token: body.access_token, expiresAt: now().getTime() + Math.max(0, lifetimeS - 60) * 1000 };
    return { token: body.access_token };
  }

  function token(signal: AbortSignal | undefined): Promise<TokenOutcome> {
    if (cached !== null && cached.expiresAt > now().getTime())
      return Promise.resolve({ token: cached.token });
    pending ??= requestToken(signal).finally(() => {
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
      // Expired or revoked before its time: forget it, unless another call has already asked a new one.
      await res.body?.cancel();
      if (cached?.token === outcome.token) cached = null;
    }
  };
  return authenticated as typeof fetch;
}
