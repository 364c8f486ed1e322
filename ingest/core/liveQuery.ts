import { createHash } from 'node:crypto';
import {
  BrokenCircuitError,
  BulkheadRejectedError,
  bulkhead,
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
import type { EventStore } from '../../ops/eventstore/port.ts';
import {
  LIVE_RECORD_OBSERVED,
  type LiveRecordObservedData,
  liveStreamOf,
} from '../../schemas/events/liveEvents.ts';
import { LiveUnavailableError } from '../../schemas/events/liveUnavailable.ts';

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
  /** Milliseconds a successful observation is served again without asking upstream (0: no cache). */
  cacheMs?: number;
  /** Statuses that are answers, not failures (e.g. 404 "no result" on a search). */
  answerStatuses?: readonly number[];
  store: Pick<EventStore, 'append'>;
  now?: () => Date;
  fetch?: typeof fetch;
}

export interface LiveAnswer {
  url: string;
  status: number;
  observedAt: string;
  bodySha256: string;
  record: unknown;
  /** True when served from the read-through cache (an earlier observation, already in the log). */
  cached: boolean;
}

class TransientStatus extends Error {
  constructor(readonly status: number) {
    super(`upstream answered ${status}`);
  }
}

export interface LiveQueryClient {
  readonly register: string;
  get(path: string, query?: Record<string, string>): Promise<LiveAnswer>;
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
  const breaker = opts.breaker ?? { failures: 5, halfOpenAfterMs: 30_000 };
  const concurrency = opts.concurrency ?? { max: 8, queue: 32 };
  const cache =
    (opts.cacheMs ?? 0) > 0 ? new LRUCache<string, LiveAnswer>({ max: 10_000, ttl: opts.cacheMs }) : null;

  const transient = handleWhen(
    (err) =>
      err instanceof TransientStatus || (err instanceof TypeError && !(err instanceof TaskCancelledError)),
  );
  const policy = wrap(
    bulkhead(concurrency.max, concurrency.queue),
    circuitBreaker(transient, {
      halfOpenAfter: breaker.halfOpenAfterMs,
      breaker: new ConsecutiveBreaker(breaker.failures),
    }),
    retry(transient, {
      maxAttempts: opts.retries ?? 1,
      backoff: new ExponentialBackoff({ initialDelay: 50, maxDelay: 500 }),
    }),
    timeout(opts.timeoutMs ?? 3000, TimeoutStrategy.Aggressive),
  );

  async function ask(url: string, signal: AbortSignal): Promise<{ status: number; body: Buffer }> {
    const res = await doFetch(url, { headers: { accept: 'application/json', ...opts.headers }, signal });
    const body = Buffer.from(await res.arrayBuffer());
    if (answers.has(res.status)) return { status: res.status, body };
    if (res.status === 429 || res.status >= 500) throw new TransientStatus(res.status);
    throw new LiveUnavailableError(opts.register, 'refus', `${opts.register} answered ${res.status}`);
  }

  return {
    register: opts.register,
    async get(path, query = {}) {
      const qs = new URLSearchParams(query).toString();
      const url = `${opts.baseUrl}${path}${qs ? `?${qs}` : ''}`;
      const hit = cache?.get(url);
      if (hit) return { ...hit, cached: true };
      let answered: { status: number; body: Buffer };
      try {
        answered = await policy.execute(({ signal }) => ask(url, signal));
      } catch (err) {
        throw unavailable(opts.register, err);
      }
      let record: unknown = null;
      if (answered.body.length > 0) {
        try {
          record = JSON.parse(answered.body.toString('utf8'));
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
      const observation: LiveRecordObservedData = {
        register: opts.register,
        url,
        status: answered.status,
        observedAt: now().toISOString(),
        bodySha256: sha256(answered.body),
        record,
      };
      await opts.store.append(
        liveStreamOf(opts.register, sha256(url)),
        [{ type: LIVE_RECORD_OBSERVED, data: observation, metadata: { register: opts.register } }],
        'any',
      );
      const answer: LiveAnswer = { ...observation, cached: false };
      cache?.set(url, answer);
      return answer;
    },
  };
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
  if (err instanceof BulkheadRejectedError) {
    return new LiveUnavailableError(register, 'sature', `${register}: too many requests in flight`);
  }
  if (err instanceof TransientStatus) {
    return new LiveUnavailableError(register, 'injoignable', `${register} answered ${err.status}`);
  }
  return new LiveUnavailableError(register, 'injoignable', `${register} unreachable`);
}
