import { FR_RNE_REGISTER } from '../../schemas/events/frRneEvents.ts';
import { bearerTokenFetch, splitCredentials, tokenAnswer } from '../core/bearerTokenFetch.ts';

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
  const { user: username, secret: password } = splitCredentials(opts.credentials);
  return bearerTokenFetch({
    fetch: doFetch,
    async obtain(signal) {
      const res = await doFetch(`${opts.baseUrl}/api/sso/login`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
        ...(signal ? { signal } : {}),
      });
      return tokenAnswer(res, FR_RNE_REGISTER, 'RNE: login', (body) => ({ token: body.token }));
    },
  });
}
