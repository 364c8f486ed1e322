import { createHash } from 'node:crypto';
import {
  BrokenCircuitError,
  BulkheadRejectedError,
  bulkhead,
  CircuitState,
  ConsecutiveBreaker,
  circuitBreaker,
  ExponentialBackoff,
  handleWhen,
  IsolatedCircuitError,
  retry,
  TaskCancelledError,
  TimeoutStrategy,
  timeout,
  wrap,
} from 'cockatiel';
import { LRUCache } from 'lru-cache';
import { RateLimiterMemory, RateLimiterQueue, RateLimiterQueueError } from 'rate-limiter-flexible';
import type { EventStore } from '../../ops/eventstore/port.ts';
import {
  LIVE_RECORD_OBSERVED,
  type LiveRecordObservedData,
  liveStreamOf,
} from '../../schemas/events/liveEvents.ts';
import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';
import type { DailyQuota } from './dailyQuota.ts';
import type { LiveBytesCache } from './liveBytesCache.ts';

/** How one live register is reached: its real public address, credentials in headers, and its policies. */
export interface LiveQueryOptions {
  register: string;
  /** Base URL, without a trailing slash (e.g. `https://api.insee.fr/api-sirene/3.11`). */
  baseUrl: string;
  /** Sent with every request; never logged nor recorded (the observed URL carries no credential). */
  headers?: Record<string, string>;
  /** Milliseconds one attempt may take before it is abandoned. */
  timeoutMs?: number;
  /** Attempts after the first, on a transient failure (network error, 429, 5xx). */
  retries?: number;
  /** Consecutive failed calls that open the circuit, and how long it stays open. */
  breaker?: { failures: number; halfOpenAfterMs: number };
  /** Requests in flight at once, and how many more may wait for a slot. */
  concurrency?: { max: number; queue: number };
  /** The register's published (or fair-use) rate: calls per minute this process sends at most; they wait. */
  perMinute?: number;
  /** Milliseconds a successful observation is served again without asking upstream (0: no cache). */
  cacheMs?: number;
  /** Statuses that are answers, not failures (e.g. 404 "no result" on a search). */
  answerStatuses?: readonly number[];
  /**
   * What of an answer is recorded in the log and returned as `record`: the register's parser, which keeps
   * what the read model needs and drops any natural person's data. Default: the parsed JSON as published.
   * Throwing `LiveUnavailableError` (reason `illisible`) refuses an answer whose shape is not the register's.
   * `requestBody`: the question of a POST (an Elasticsearch query names the company asked in its body only).
   */
  extract?: (status: number, json: unknown, url: string, requestBody?: unknown) => unknown;
  /**
   * The log. With `appendBulk`, the observations of questions asked together (`getAll`) go in with one
   * statement; without it, one append each.
   */
  store: Pick<EventStore, 'append'> & Partial<Pick<EventStore, 'appendBulk'>>;
  /**
   * The read table of every observation (projections/eu-live): the last answer to a GET, if younger than the
   * call's `maxAgeMs`. Asked only by calls that give a maximum age (a filing that does not change).
   */
  recall?: RecallObservation;
  /**
   * The same read for several URLs of the register at once (one statement): what `getAll` asks for the questions
   * it would otherwise recall one by one; each URL's observation, absent when none is young enough.
   */
  recallMany?: RecallObservations;
  /** Where a document's bytes (`getBytes`) are kept and served again from: never the log. */
  bytesCache?: LiveBytesCache;
  now?: () => Date;
  fetch?: typeof fetch;
}

/** The last observation of a GET by this register, younger than `maxAgeMs`, from the read table; or null. */
export type RecallObservation = (
  register: string,
  url: string,
  maxAgeMs: number,
) => Promise<Omit<LiveAnswer, 'cached' | 'method'> | null>;

/** `RecallObservation` for several URLs of one register, by URL (a URL absent: nothing young enough). */
export type RecallObservations = (
  register: string,
  urls: readonly string[],
  maxAgeMs: number,
) => Promise<Map<string, Omit<LiveAnswer, 'cached' | 'method'>>>;

export interface LiveAnswer {
  url: string;
  method: 'GET' | 'POST';
  status: number;
  observedAt: string;
  bodySha256: string;
  record: unknown;
  /** True when served from the read-through cache (an earlier observation, already in the log). */
  cached: boolean;
}

/** One GET of `getAll`: a path, its query, and `get`'s options. */
export interface LiveGet {
  path: string;
  query?: Record<string, string>;
  opts?: { maxAgeMs?: number; fresh?: boolean };
}

/** A document's bytes as the register sent them (or as kept in the bytes cache), and their observation. */
export interface BytesAnswer {
  url: string;
  status: number;
  observedAt: string;
  /** SHA-256 of the bytes as received. */
  bodySha256: string;
  byteLength: number;
  /** The register's `Content-Type` (empty when it sent none). */
  contentType: string;
  /** The body: the document for a 200, whatever came with another answer status (a 404). */
  bytes: Buffer;
  cached: boolean;
}

/** How one document is asked for (`getBytes`). */
export interface BytesCall {
  /** The `Accept` header (`application/pdf`). */
  accept: string;
  /** A body longer than this is refused (`trop_volumineux`), never truncated: the download stops there. */
  maxBytes: number;
  /** Bytes kept younger than this are served again from the bytes cache without asking the register. */
  maxAgeMs?: number;
  /**
   * Whether the answer is the register's document: throws `LiveUnavailableError` (`illisible`) for one that is
   * not (an HTML page instead of a PDF). Runs under the circuit, like the JSON parser.
   */
  check(status: number, contentType: string, bytes: Buffer): void;
  /** The register's daily quota of downloads: asked before the register is, told the bytes received. */
  quota?: DailyQuota;
}

/** What a live answer's provenance names: the observation (time, question, body digest), and whether cached. */
export const observationOf = (answer: LiveAnswer) => ({
  url: answer.url,
  observedAt: answer.observedAt,
  bodySha256: answer.bodySha256,
  cached: answer.cached,
});

class TransientStatus extends Error {
  constructor(readonly status: number) {
    super(`upstream answered ${status}`);
  }
}

/** The register answered 429: never retried (it asked us to slow down), counted by the breaker. */
class UpstreamRateLimited extends Error {
  constructor(readonly retryAfterMs: number) {
    super('upstream answered 429');
  }
}

/** Without a usable `Retry-After` (seconds or an HTTP date), a 429 holds the register back this long. */
const DEFAULT_RETRY_AFTER_MS = 30_000;
/** Longest hold a `Retry-After` may impose (a register asking for an hour is asked again sooner). */
const MAX_RETRY_AFTER_MS = 10 * 60_000;

export function retryAfterMs(header: string | null, now: Date): number {
  if (header === null) return DEFAULT_RETRY_AFTER_MS;
  const trimmed = header.trim();
  const ms = /^\d+$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - now.getTime();
  if (!Number.isFinite(ms)) return DEFAULT_RETRY_AFTER_MS;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

export interface LiveQueryClient {
  readonly register: string;
  /**
   * `maxAgeMs`: an observation of the same URL younger than that, in the read table, is served again without
   * asking upstream (documents that do not change once filed: a statement, its template).
   */
  get(
    path: string,
    query?: Record<string, string>,
    opts?: {
      maxAgeMs?: number;
      /** Ask upstream whatever was observed before (an answer served again that could not be decoded). */
      fresh?: boolean;
    },
  ): Promise<LiveAnswer>;
  /**
   * Several GETs asked side by side, each as `get` asks it (cache, read table, then the register under the same
   * policies); the observations of those the register answered go to the log in one append, before any answer
   * is returned. Each question's outcome apart: an answer, or its `LiveUnavailableError` (the append failing
   * fails every question it held).
   */
  getAll(
    questions: readonly LiveGet[],
    opts?: {
      /**
       * Each question asked once the one before it was answered (or kept), the observations still appended
       * together: after a failure the rest are not asked and fail with it, so that a failing register is asked
       * once and counted once against its circuit (Judilibre's searches by SIREN, then by name).
       */
      inTurn?: boolean;
      /**
       * The register is asked only once this has fulfilled; the answers kept (this process's cache, the read
       * table) do not wait for it. Rejected, no question is asked of the register: each that would have been
       * fails with its reason. A caller's own check (the local copy's refusals) runs beside the read table's
       * read, and a refused question still spends nothing of the register's quota.
       */
      admit?: Promise<unknown>;
    },
  ): Promise<PromiseSettledResult<LiveAnswer>[]>;
  /** A search sent as a JSON body (ARES): idempotent, so retried like a GET. */
  post(path: string, body: unknown): Promise<LiveAnswer>;
  /**
   * A document that is not JSON (a filed PDF), under the same pace, bulkhead, breaker, retries and timeout:
   * its `LiveRecordObserved` (URL, status, time, SHA-256 and byte length of the body, its type; never the
   * bytes) is appended before it is returned, and the bytes go to the bytes cache.
   */
  getBytes(path: string, call: BytesCall): Promise<BytesAnswer>;
  /** Forgets the cached bytes of these paths (a document the register marks deleted); how many were kept. */
  purgeBytes(paths: readonly string[]): Promise<number>;
  /** The circuit breaker's state: `closed` (calls go through), `open` (refused at once), `half-open`. */
  circuit(): 'closed' | 'open' | 'half-open';
}

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

/**
 * A client for one live register (DESIGN.md, Events and API): each call runs under a concurrency cap, a
 * circuit breaker, retries of transient failures and a timeout per attempt; every answer is appended to
 * the log as `LiveRecordObserved` before it is returned, and a fresh one is served again from a read-through
 * cache without asking upstream. Every failure is a {@link LiveUnavailableError}, never an absence.
 */
export function createLiveQueryClient(opts: LiveQueryOptions): LiveQueryClient {
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? (() => new Date());
  const answers = new Set([200, ...(opts.answerStatuses ?? [])]);
  const concurrency = opts.concurrency ?? { max: 8, queue: 32 };
  const cache =
    (opts.cacheMs ?? 0) > 0 ? new LRUCache<string, LiveAnswer>({ max: 10_000, ttl: opts.cacheMs }) : null;

  const { policy, circuit } = resiliencePolicy(opts, concurrency);

  /** Epoch ms before which the register is not asked (its last 429's Retry-After). */
  let heldUntil = 0;

  // Calls wait for a token; beyond the waiting room (the bulkhead's queue) they are refused as `sature`.
  const pace =
    opts.perMinute && opts.perMinute > 0
      ? new RateLimiterQueue(new RateLimiterMemory({ points: opts.perMinute, duration: 60 }), {
          maxQueueSize: concurrency.queue,
        })
      : null;

  async function ask(
    url: string,
    init: { method: 'GET' | 'POST'; body?: string },
    signal: AbortSignal,
  ): Promise<{ status: number; body: Buffer }> {
    if (pace) await pace.removeTokens(1);
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const res = await doFetch(url, { method: init.method, headers, body: init.body, signal });
    if (!answers.has(res.status)) return refuse(res);
    return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
  }

  const refuse = (res: Response) => refuseStatus(res, opts.register, now());

  /** Why a call failed, as the client says it; a 429 holds the register back until its Retry-After. */
  function failure(err: unknown): LiveUnavailableError {
    if (err instanceof UpstreamRateLimited) {
      heldUntil = Math.max(heldUntil, now().getTime() + err.retryAfterMs);
      return rateLimited(opts.register, err.retryAfterMs);
    }
    return unavailable(opts.register, err);
  }

  const observeBytes = bytesObserver({
    opts,
    policy,
    now,
    pace: async () => void (pace && (await pace.removeTokens(1))),
    refuse,
    failure,
    heldMs: () => heldUntil - now().getTime(),
    fetch: doFetch,
    answers,
  });

  /** A question, as the cache and the log key it: the URL, and for a search by body the method and body too. */
  type Question = { url: string; method: 'GET' | 'POST'; body: unknown; key: string };
  const questionOf = (url: string, method: 'GET' | 'POST', body?: unknown): Question => {
    const requestBody = body === undefined ? undefined : JSON.stringify(body);
    // A search by body is one question per body: the cache and the stream key on both.
    return { url, method, body, key: requestBody === undefined ? url : `${method} ${url} ${requestBody}` };
  };

  /**
   * The answer kept (this process's cache, else the read table for a call with a maximum age), or the
   * register's answer read and parsed under the policies, not yet recorded.
   */
  async function answerOf(
    question: Question,
    call: { maxAgeMs?: number; fresh?: boolean },
    /** The read table's answer, already read with other questions' (getAll); undefined: not read yet. */
    prefetched?: Omit<LiveAnswer, 'cached' | 'method'> | null,
    /** What the register's question waits for (getAll's `admit`); its rejection is the question's. */
    admit?: Promise<unknown>,
  ): Promise<{ kept: LiveAnswer } | { answered: Answered }> {
    const { url, method, body, key } = question;
    const hit = call.fresh ? undefined : cache?.get(key);
    if (hit) return { kept: { ...hit, cached: true } };
    const maxAgeMs = call.fresh ? undefined : call.maxAgeMs;
    if (method === 'GET' && maxAgeMs !== undefined && (prefetched !== undefined || opts.recall)) {
      // The read table unreadable (database down) is no reason to refuse: the register is asked.
      const recalled =
        prefetched !== undefined
          ? prefetched
          : await opts.recall!(opts.register, url, maxAgeMs).catch(() => null);
      if (recalled) {
        const answer: LiveAnswer = { ...recalled, method, cached: true };
        cache?.set(key, answer);
        return { kept: answer };
      }
    }
    if (admit) await admit;
    // After a 429, the register is not asked again before its Retry-After has passed.
    const held = heldUntil - now().getTime();
    if (held > 0) throw rateLimited(opts.register, held);
    // Read and parsed under the circuit: a register answering what cannot be read (an HTML page, truncated
    // JSON, another shape) counts as failing like one that does not answer; it is not retried.
    const requestBody = body === undefined ? undefined : JSON.stringify(body);
    try {
      return {
        answered: await policy.execute(async ({ signal }) => {
          const raw = await ask(
            url,
            { method, ...(requestBody === undefined ? {} : { body: requestBody }) },
            signal,
          );
          return { ...raw, record: parseAnswer(opts, raw, url, body), at: now() };
        }),
      };
    } catch (err) {
      throw failure(err);
    }
  }

  async function observe(
    url: string,
    method: 'GET' | 'POST',
    body?: unknown,
    call: { maxAgeMs?: number; fresh?: boolean } = {},
  ): Promise<LiveAnswer> {
    const question = questionOf(url, method, body);
    const outcome = await answerOf(question, call);
    if ('kept' in outcome) return outcome.kept;
    const [answer] = (await appendObservations(opts, [{ question, answered: outcome.answered }])) as [
      LiveAnswer,
    ];
    cache?.set(question.key, answer);
    return answer;
  }

  /** `getAll`: the questions side by side, the new observations appended together before any answer. */
  async function observeAll(
    questions: readonly LiveGet[],
    call: { inTurn?: boolean; admit?: Promise<unknown> } = {},
  ): Promise<PromiseSettledResult<LiveAnswer>[]> {
    const asked = questions.map((q) => questionOf(urlOf(q.path, q.query), 'GET'));
    const recalled = await recallTogether(asked, questions);
    const answer = (i: number) => answerOf(asked[i]!, questions[i]!.opts ?? {}, recalled.get(i), call.admit);
    const outcomes = call.inTurn
      ? await inTurn(asked.length, answer)
      : await Promise.allSettled(asked.map((_, i) => answer(i)));
    const fresh = outcomes.flatMap((o, i) =>
      o.status === 'fulfilled' && 'answered' in o.value
        ? [{ question: asked[i]!, answered: o.value.answered }]
        : [],
    );
    let recorded: LiveAnswer[];
    try {
      recorded = fresh.length === 0 ? [] : await appendObservations(opts, fresh);
    } catch (err) {
      // Not in the log: none of these answers is given.
      return outcomes.map((o): PromiseSettledResult<LiveAnswer> => {
        if (o.status === 'rejected') return o;
        return 'kept' in o.value
          ? { status: 'fulfilled', value: o.value.kept }
          : { status: 'rejected', reason: err };
      });
    }
    let next = 0;
    return outcomes.map((o, i): PromiseSettledResult<LiveAnswer> => {
      if (o.status === 'rejected') return o;
      if ('kept' in o.value) return { status: 'fulfilled', value: o.value.kept };
      const answer = recorded[next++]!;
      cache?.set(asked[i]!.key, answer);
      return { status: 'fulfilled', value: answer };
    });
  }

  /**
   * The read table's answers to the questions of a `getAll` that it would recall one by one (not in this
   * process's cache, a maximum age, the same for all), in one statement: by question index. Empty when fewer
   * than two are due, or without `recallMany`; the table unreadable, each is asked of the register.
   */
  async function recallTogether(
    asked: readonly Question[],
    questions: readonly LiveGet[],
  ): Promise<Map<number, Omit<LiveAnswer, 'cached' | 'method'> | null>> {
    const due = asked.flatMap((q, i) => {
      const call = questions[i]!.opts ?? {};
      return !call.fresh && call.maxAgeMs !== undefined && !cache?.has(q.key) ? [i] : [];
    });
    const ages = new Set(due.map((i) => questions[i]!.opts?.maxAgeMs));
    if (!opts.recallMany || due.length < 2 || ages.size !== 1) return new Map();
    const urls = due.map((i) => asked[i]!.url);
    const found = await opts.recallMany(opts.register, urls, [...ages][0]!).catch(() => null);
    return new Map(due.map((i) => [i, found?.get(asked[i]!.url) ?? null]));
  }

  const urlOf = (path: string, query: Record<string, string> = {}) => {
    const qs = new URLSearchParams(query).toString();
    return `${opts.baseUrl}${path}${qs ? `?${qs}` : ''}`;
  };

  return {
    register: opts.register,
    get: (path, query = {}, call = {}) => observe(urlOf(path, query), 'GET', undefined, call),
    getAll: observeAll,
    post: (path, body) => observe(urlOf(path), 'POST', body),
    getBytes: (path, call) => observeBytes(urlOf(path), call),
    purgeBytes: async (paths) =>
      (await opts.bytesCache?.purge(
        opts.register,
        paths.map((p) => urlOf(p)),
      )) ?? 0,
    circuit: () => circuitStateOf(circuit.state),
  };
}

/** `count` steps one after the other; after a failure, the rest are not run and fail with it. */
async function inTurn<T>(count: number, step: (i: number) => Promise<T>): Promise<PromiseSettledResult<T>[]> {
  const out: PromiseSettledResult<T>[] = [];
  let failed: { reason: unknown } | null = null;
  for (let i = 0; i < count; i++) {
    if (failed) {
      out.push({ status: 'rejected', reason: failed.reason });
      continue;
    }
    try {
      out.push({ status: 'fulfilled', value: await step(i) });
    } catch (reason) {
      failed = { reason };
      out.push({ status: 'rejected', reason });
    }
  }
  return out;
}

/** The breaker's state as the health route names it: `open` (isolated too), `half-open` or `closed`. */
function circuitStateOf(state: CircuitState): 'closed' | 'open' | 'half-open' {
  if (state === CircuitState.Open || state === CircuitState.Isolated) return 'open';
  if (state === CircuitState.HalfOpen) return 'half-open';
  return 'closed';
}

/** What the bytes path shares with the rest of the client: its options, policies, pace and failure mapping. */
interface BytesClient {
  opts: LiveQueryOptions;
  policy: ReturnType<typeof resiliencePolicy>['policy'];
  now: () => Date;
  fetch: typeof fetch;
  answers: ReadonlySet<number>;
  pace(): Promise<void>;
  refuse(res: Response): Promise<never>;
  failure(err: unknown): LiveUnavailableError;
  /** Milliseconds the register is still held back (its last 429), or 0 or less. */
  heldMs(): number;
}

async function askBytes(
  client: BytesClient,
  url: string,
  call: BytesCall,
  signal: AbortSignal,
): Promise<{ status: number; body: Buffer; contentType: string }> {
  await client.pace();
  const res = await client.fetch(url, {
    method: 'GET',
    headers: { accept: call.accept, ...client.opts.headers },
    signal,
  });
  if (!client.answers.has(res.status)) return client.refuse(res);
  const body = await readCapped(res, call.maxBytes, client.opts.register);
  return { status: res.status, body, contentType: res.headers.get('content-type') ?? '' };
}

/**
 * The binary path (`getBytes`): the bytes cache, else the register under the client's policies; the
 * observation is appended before the bytes are returned, and the bytes kept in the cache, never in the log.
 */
function bytesObserver(client: BytesClient) {
  return async (url: string, call: BytesCall): Promise<BytesAnswer> => {
    if (call.maxAgeMs !== undefined && client.opts.bytesCache) {
      // The cache unreadable (database down) is no reason to refuse: the register is asked.
      const hit = await client.opts.bytesCache
        .get(client.opts.register, url, call.maxAgeMs, client.now())
        .catch(() => null);
      if (hit) {
        return {
          url,
          status: 200,
          observedAt: hit.observedAt,
          bodySha256: hit.sha256,
          byteLength: hit.bytes.length,
          contentType: hit.contentType,
          bytes: hit.bytes,
          cached: true,
        };
      }
    }
    const held = client.heldMs();
    if (held > 0) throw rateLimited(client.opts.register, held);
    call.quota?.admit(client.now());
    let answered: { status: number; body: Buffer; contentType: string };
    try {
      answered = await client.policy.execute(async ({ signal }) => {
        const raw = await askBytes(client, url, call, signal);
        call.check(raw.status, raw.contentType, raw.body);
        return raw;
      });
    } catch (err) {
      throw client.failure(err);
    }
    const record = { contentType: answered.contentType, byteLength: answered.body.length };
    const at = client.now();
    call.quota?.spend(answered.body.length, at);
    const [answer] = (await appendObservations(client.opts, [
      {
        question: { url, method: 'GET', body: undefined, key: url },
        answered: { status: answered.status, body: answered.body, record, at },
      },
    ])) as [LiveAnswer];
    if (answered.status === 200 && client.opts.bytesCache) {
      // A cache that cannot be written costs a new download later, not this answer.
      await client.opts.bytesCache
        .put(client.opts.register, url, {
          bytes: answered.body,
          sha256: answer.bodySha256,
          contentType: answered.contentType,
          observedAt: answer.observedAt,
        })
        .catch(() => undefined);
    }
    return {
      url,
      status: answer.status,
      observedAt: answer.observedAt,
      bodySha256: answer.bodySha256,
      byteLength: answered.body.length,
      contentType: answered.contentType,
      bytes: answered.body,
      cached: false,
    };
  };
}

/** A status that is not an answer: 429 holds the register back, 5xx is transient, anything else `refus`. */
async function refuseStatus(res: Response, register: string, now: Date): Promise<never> {
  await res.body?.cancel();
  if (res.status === 429) throw new UpstreamRateLimited(retryAfterMs(res.headers.get('retry-after'), now));
  if (res.status >= 500) throw new TransientStatus(res.status);
  throw new LiveUnavailableError(register, 'refus', `${register} answered ${res.status}`);
}

/**
 * The register's resilience: a concurrency cap, a circuit breaker, retries of transient failures and a timeout
 * per attempt, in that order around each call.
 */
function resiliencePolicy(opts: LiveQueryOptions, concurrency: { max: number; queue: number }) {
  const breaker = opts.breaker ?? { failures: 5, halfOpenAfterMs: 30_000 };
  // Transient: a network error, 429 or 5xx, or an attempt that took longer than its timeout. Retried, and
  // counted by the breaker: a register that hangs opens the circuit like one that fails.
  const transient = handleWhen(
    (err) => err instanceof TransientStatus || err instanceof TypeError || err instanceof TaskCancelledError,
  );
  // The breaker also counts the register's 429s; the retry does not retry them.
  const failing = handleWhen(
    (err) =>
      err instanceof TransientStatus ||
      err instanceof TypeError ||
      err instanceof TaskCancelledError ||
      err instanceof UpstreamRateLimited ||
      (err instanceof LiveUnavailableError && err.reason === 'illisible'),
  );
  const circuit = circuitBreaker(failing, {
    halfOpenAfter: breaker.halfOpenAfterMs,
    breaker: new ConsecutiveBreaker(breaker.failures),
  });
  const policy = wrap(
    bulkhead(concurrency.max, concurrency.queue),
    circuit,
    retry(transient, {
      maxAttempts: opts.retries ?? 1,
      backoff: new ExponentialBackoff({ initialDelay: 50, maxDelay: 500 }),
    }),
    // An attempt that returned has read its whole body: its signal is not aborted then (aborting a finished
    // fetch only costs undici an AbortError, a DOMException and its stack, per call).
    timeout(opts.timeoutMs ?? 3000, { strategy: TimeoutStrategy.Aggressive, abortOnReturn: false }),
  );
  return { policy, circuit };
}

/**
 * The body, refused as `trop_volumineux` as soon as it is longer than `maxBytes` (its declared length, or
 * what has arrived): the download stops there and nothing is kept.
 */
async function readCapped(res: Response, maxBytes: number, register: string): Promise<Buffer> {
  const tooLarge = () =>
    new LiveUnavailableError(
      register,
      'trop_volumineux',
      `${register}: the document is larger than ${maxBytes} bytes; not served`,
    );
  const declared = Number(res.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel();
    throw tooLarge();
  }
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks, total);
}

/** The body as JSON, then the register's parser; an answer that is not the register's is `illisible`. */
function parseAnswer(
  opts: LiveQueryOptions,
  answered: { status: number; body: Buffer },
  url: string,
  body: unknown,
): unknown {
  let json: unknown = null;
  if (answered.body.length > 0) {
    try {
      json = JSON.parse(answered.body.toString('utf8'));
    } catch {
      if (answered.status === 200) {
        throw new LiveUnavailableError(
          opts.register,
          'illisible',
          `${opts.register}: the answer is not JSON`,
        );
      }
    }
  }
  return opts.extract ? opts.extract(answered.status, json, url, body) : json;
}

/** An answer read from the register and parsed, at the time it was read: what an observation records. */
interface Answered {
  status: number;
  body: Buffer;
  record: unknown;
  at: Date;
}

/**
 * Appends answers to the log as `LiveRecordObserved` (each in its stream, keyed on its question), then returns
 * them: one append for one answer; for several (questions asked together), one statement with the store's
 * `appendBulk` (no version check, as `append` with `any`), else one append each.
 */
async function appendObservations(
  opts: LiveQueryOptions,
  observed: readonly {
    question: { url: string; method: 'GET' | 'POST'; body: unknown; key: string };
    answered: Answered;
  }[],
): Promise<LiveAnswer[]> {
  const entries = observed.map(({ question, answered }) => {
    const { url, method, body, key } = question;
    const data: LiveRecordObservedData = {
      register: opts.register,
      url,
      ...(method === 'POST' ? { method, requestBody: body } : {}),
      status: answered.status,
      observedAt: answered.at.toISOString(),
      bodySha256: sha256(answered.body),
      record: answered.record,
    };
    return {
      streamId: liveStreamOf(opts.register, sha256(key)),
      events: [{ type: LIVE_RECORD_OBSERVED, data, metadata: { register: opts.register } }],
    };
  });
  if (entries.length > 1 && opts.store.appendBulk) await opts.store.appendBulk(entries);
  else await Promise.all(entries.map((e) => opts.store.append(e.streamId, e.events, 'any')));
  return observed.map(({ question, answered }, i): LiveAnswer => {
    const data = entries[i]!.events[0]!.data;
    return {
      url: question.url,
      method: question.method,
      status: data.status,
      observedAt: data.observedAt,
      bodySha256: data.bodySha256,
      record: answered.record,
      cached: false,
    };
  });
}

function rateLimited(register: string, ms: number): LiveUnavailableError {
  return new LiveUnavailableError(
    register,
    'limite_amont',
    `${register}: its rate limit was reached (429); not asked again for ${Math.ceil(ms / 1000)} s`,
    Math.max(1, Math.ceil(ms / 1000)),
  );
}

function unavailable(register: string, err: unknown): LiveUnavailableError {
  if (err instanceof LiveUnavailableError) return err;
  if (err instanceof BrokenCircuitError || err instanceof IsolatedCircuitError) {
    return new LiveUnavailableError(
      register,
      'circuit_ouvert',
      `${register}: circuit open after repeated failures`,
    );
  }
  if (err instanceof TaskCancelledError) {
    return new LiveUnavailableError(register, 'delai_depasse', `${register}: no answer in time`);
  }
  if (err instanceof BulkheadRejectedError || err instanceof RateLimiterQueueError) {
    return new LiveUnavailableError(register, 'sature', `${register}: too many requests in flight`);
  }
  if (err instanceof TransientStatus) {
    return new LiveUnavailableError(register, 'injoignable', `${register} answered ${err.status}`);
  }
  return new LiveUnavailableError(register, 'injoignable', `${register} unreachable`);
}
