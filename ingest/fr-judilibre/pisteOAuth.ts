import { FR_JUDILIBRE_REGISTER } from '../../schemas/events/frJudilibreEvents.ts';
import { bearerTokenFetch, splitCredentials, tokenAnswer } from '../core/bearerTokenFetch.ts';

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
  const { user: clientId, secret: clientSecret } = splitCredentials(opts.credentials);
  return bearerTokenFetch({
    fetch: doFetch,
    now,
    async obtain(signal) {
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
      return tokenAnswer(res, FR_JUDILIBRE_REGISTER, 'PISTE: token', (body) => {
        // Asked again a minute before it expires (PISTE's tokens last `expires_in` seconds, 3600).
        const lifetimeS = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
        return { token: body.access_token, expiresAt: now().getTime() + Math.max(0, lifetimeS - 60) * 1000 };
      });
    },
  });
}
