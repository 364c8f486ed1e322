import {
  ExponentialBackoff,
  handleWhen,
  retry,
  TaskCancelledError,
  TimeoutStrategy,
  timeout,
} from 'cockatiel';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Logger } from '../../ops/logger.ts';

/**
 * A client of the Sudski registar open API (sudreg-data.gov.hr), for recording: OAuth2 client credentials
 * (`POST <root>/oauth/token`, HTTP Basic client_id:client_secret, `grant_type=client_credentials` →
 * `{access_token, token_type: "bearer", expires_in}`), then GETs of `<root>/<tier>/<endpoint>` with the bearer
 * token, paced under the register's limit (about 6 requests a minute), transient failures retried.
 * Everything else fails with a {@link SudregError}, whose message never carries the secret nor the token.
 */

/** `javni` (public) or `drzavna_tijela` (state bodies): the tier the client is registered for. */
export type SudregTier = 'javni' | 'drzavna_tijela';
export const SUDREG_TIERS: readonly SudregTier[] = ['javni', 'drzavna_tijela'];

/** The register's real address (the token endpoint is `<root>/oauth/token`, the data `<root>/<tier>/…`). */
export const SUDREG_DEFAULT_ROOT = 'https://sudreg-data.gov.hr/api';

/** A refusal or an answer the recorder cannot use: said in one line, the recording stops. */
export class SudregError extends Error {
  override name = 'SudregError';
}

/** An answer worth asking again: a network failure, 429, 5xx, an attempt that timed out. */
class Transient extends Error {}

export interface SudregPage {
  rows: Record<string, unknown>[];
  /** `X-Total-Count`: the rows of the whole list (for paging). */
  total: number | null;
  /** `X-Snapshot-Id`: the snapshot the answer was read from. */
  snapshotId: number | null;
  /** `X-Timestamp`: when that snapshot was copied from the register's database. */
  timestamp: string | null;
}

export interface SudregClientOptions {
  /** `https://sudreg-data.gov.hr/api` (or a replay server's address), without a trailing slash. */
  root: string;
  tier: SudregTier;
  clientId: string;
  clientSecret: string;
  logger: Logger;
  /** Requests a minute at most, evenly spaced (the documented limit is about 6). */
  perMinute?: number;
  /** Attempts after the first on a transient failure, the first backoff and its ceiling. */
  retries?: number;
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** Milliseconds one attempt may take. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** The wait between requests (tests: a fake clock's tick, never a real sleep). */
  sleep?: (ms: number) => Promise<void>;
}

export interface SudregClient {
  /** GET `<tier>/<endpoint>` with these query parameters: one page, checked (JSON array, snapshot headers). */
  get(endpoint: string, query: Record<string, string | number>): Promise<SudregPage>;
  /** Requests sent so far (the token's included). */
  readonly requests: number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `client_id:client_secret` as configured: split on the first colon (a secret may hold one). */
export function splitClientCredentials(credentials: string): { clientId: string; clientSecret: string } {
  const at = credentials.indexOf(':');
  if (at <= 0 || at === credentials.length - 1) {
    throw new SudregError('the credentials must be client_id:client_secret');
  }
  return { clientId: credentials.slice(0, at), clientSecret: credentials.slice(at + 1) };
}

const intHeader = (h: Headers, name: string): number | null => {
  const v = h.get(name);
  if (v === null || !/^\s*\d+\s*$/.test(v)) return null;
  return Number(v);
};

/** An error answer's `error_code` and `error_message` (an object, or an array of one, as documented). */
function describeError(text: string): string {
  try {
    const json = JSON.parse(text) as unknown;
    const e = (Array.isArray(json) ? json[0] : json) as Record<string, unknown> | null;
    if (e && typeof e === 'object' && 'error_code' in e) {
      return `error_code ${String(e.error_code)}${e.error_message ? `: ${String(e.error_message)}` : ''}`;
    }
  } catch {
    // not JSON: said below
  }
  return 'no error code';
}

const looksHtml = (contentType: string | null, text: string) =>
  /html/i.test(contentType ?? '') || /^\s*</.test(text);

/**
 * Waits for the next request's turn: one request per 60/perMinute seconds, never more than perMinute in any
 * minute (a fixed window of perMinute points would allow twice as many across its edge).
 */
function pacer(perMinute: number, sleep: (ms: number) => Promise<void>): () => Promise<void> {
  const limiter = new RateLimiterMemory({ points: 1, duration: 60 / perMinute });
  return async function pace() {
    for (;;) {
      try {
        await limiter.consume('sudreg');
        return;
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        await sleep(Math.max(1, refusal.msBeforeNext));
      }
    }
  };
}

/**
 * Runs an attempt again on a network failure, 429, 5xx, or an attempt that took longer than its timeout (the
 * wait before a request, the pace or a 429's Retry-After, is outside the attempt's timeout); the retries
 * given up are said in one line.
 */
function retrying(opts: SudregClientOptions) {
  const retries = retry(
    handleWhen(
      (err) => err instanceof Transient || err instanceof TypeError || err instanceof TaskCancelledError,
    ),
    {
      maxAttempts: opts.retries ?? 4,
      backoff: new ExponentialBackoff({
        initialDelay: opts.retryDelayMs ?? 5_000,
        maxDelay: opts.maxRetryDelayMs ?? 120_000,
      }),
    },
  );
  return {
    attemptTimeout: timeout(opts.timeoutMs ?? 180_000, TimeoutStrategy.Aggressive),
    async retried<T>(where: string, attempt: () => Promise<T>): Promise<T> {
      try {
        return await retries.execute(attempt);
      } catch (err) {
        if (err instanceof SudregError) throw err;
        if (err instanceof Transient)
          throw new SudregError(`${err.message}, ${opts.retries ?? 4} retries later`);
        if (err instanceof TaskCancelledError) throw new SudregError(`${where}: no answer in time`);
        throw new SudregError(`${where}: unreachable (${(err as Error).message})`);
      }
    },
  };
}

/** The bearer token the token endpoint answered, and its life in seconds; or why it answered none. */
function tokenOf(answer: { status: number; contentType: string | null; text: string }) {
  if (answer.status === 400 || answer.status === 401 || answer.status === 403) {
    throw new SudregError(
      `the token endpoint refused the client credentials (HTTP ${answer.status}): check LIVE_CREDENTIALS_HR_SUDREG (client_id:client_secret)`,
    );
  }
  if (answer.status !== 200 || looksHtml(answer.contentType, answer.text)) {
    throw new SudregError(`the token endpoint answered HTTP ${answer.status} without a token`);
  }
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(answer.text) as Record<string, unknown>;
  } catch {
    throw new SudregError('the token endpoint answered something that is not JSON');
  }
  const value = typeof body.access_token === 'string' ? body.access_token : '';
  if (!value || String(body.token_type ?? 'bearer').toLowerCase() !== 'bearer') {
    throw new SudregError('the token endpoint answered without a bearer access_token');
  }
  const expiresIn = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
  return { value, expiresIn };
}

/** The page a 200 answered (rows, total, snapshot), or why the answer is not one (`where` names the request). */
function pageOf(where: string, answer: { status: number; headers: Headers; text: string }): SudregPage {
  if (looksHtml(answer.headers.get('content-type'), answer.text)) {
    throw new SudregError(`${where}: HTTP ${answer.status} answered an HTML page, not JSON`);
  }
  if (answer.status !== 200) {
    throw new SudregError(`${where}: HTTP ${answer.status} (${describeError(answer.text)})`);
  }
  let json: unknown;
  try {
    json = answer.text.trim() === '' ? [] : JSON.parse(answer.text);
  } catch {
    throw new SudregError(`${where}: the answer is not JSON`);
  }
  // `no_data_error=0`: a page without rows is an empty object.
  const rows =
    json && typeof json === 'object' && !Array.isArray(json) && Object.keys(json).length === 0 ? [] : json;
  if (!Array.isArray(rows) || rows.some((r) => !r || typeof r !== 'object' || Array.isArray(r))) {
    throw new SudregError(`${where}: the answer is not a JSON array of objects`);
  }
  return {
    rows: rows as Record<string, unknown>[],
    total: intHeader(answer.headers, 'x-total-count'),
    snapshotId: intHeader(answer.headers, 'x-snapshot-id'),
    timestamp: answer.headers.get('x-timestamp'),
  };
}

export function createSudregClient(opts: SudregClientOptions): SudregClient {
  const doFetch = opts.fetch ?? fetch;
  const sleep = opts.sleep ?? realSleep;
  const pace = pacer(opts.perMinute ?? 6, sleep);
  const { attemptTimeout, retried } = retrying(opts);
  let requests = 0;
  let token: { value: string; renewAt: number } | null = null;

  /** One request, its body read, under the attempt's timeout. */
  const send = (url: string, init: RequestInit) =>
    attemptTimeout.execute(async ({ signal }) => {
      requests++;
      const res = await doFetch(url, { ...init, signal });
      return { status: res.status, headers: res.headers, text: await res.text() };
    });

  async function newToken(): Promise<string> {
    const basic = Buffer.from(`${opts.clientId}:${opts.clientSecret}`, 'utf8').toString('base64');
    const answer = await retried('the token endpoint', async () => {
      const res = await send(`${opts.root}/oauth/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
      });
      if (res.status === 429 || res.status >= 500)
        throw new Transient(`token endpoint answered ${res.status}`);
      return { status: res.status, contentType: res.headers.get('content-type'), text: res.text };
    });
    const { value, expiresIn } = tokenOf(answer);
    // Renewed five minutes (or a tenth of its life) before it expires: a recording lasts longer than a token.
    const margin = Math.min(300, expiresIn / 10);
    token = { value, renewAt: Date.now() + (expiresIn - margin) * 1000 };
    opts.logger.info({ register: 'hr.sudreg', expires_in: expiresIn }, 'sudreg: access token obtained');
    return value;
  }

  async function bearer(): Promise<string> {
    if (token && Date.now() < token.renewAt) return token.value;
    return newToken();
  }

  async function get(endpoint: string, query: Record<string, string | number>): Promise<SudregPage> {
    const qs = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    const url = `${opts.root}/${opts.tier}/${endpoint}${qs ? `?${qs}` : ''}`;
    const where = `${opts.tier}/${endpoint}${qs ? `?${qs}` : ''}`;
    let renewed = false;
    for (;;) {
      const access = await bearer();
      const answer = await retried(where, async () => {
        await pace();
        const res = await send(url, {
          headers: { authorization: `Bearer ${access}`, accept: 'application/json' },
        });
        if (res.status === 429) {
          // Asked to slow down: its Retry-After (seconds; a minute without one, ten at most), then again.
          await sleep(Math.min(600, intHeader(res.headers, 'retry-after') ?? 60) * 1000);
          throw new Transient(`${where} answered 429`);
        }
        if (res.status >= 500) throw new Transient(`${where} answered ${res.status}`);
        return res;
      });
      if (answer.status === 401 && !renewed) {
        // The token may have expired early: one new token, one more try.
        token = null;
        renewed = true;
        continue;
      }
      if (answer.status === 401 || answer.status === 403) {
        throw new SudregError(
          `${where}: HTTP ${answer.status}, the register refuses the token (is the registration e-mail confirmed? is the client registered for the ${opts.tier} tier?)`,
        );
      }
      return pageOf(where, answer);
    }
  }

  return {
    get,
    get requests() {
      return requests;
    },
  };
}
