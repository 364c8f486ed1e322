import type { EventStore } from '../../ops/eventstore/port.ts';
import type { EuLiveReader } from '../../schemas/europe/euLiveRegister.ts';
import type { LiveBytesCache } from './liveBytesCache.ts';
import {
  createLiveQueryClient,
  type LiveQueryClient,
  type LiveQueryOptions,
  type RecallObservation,
  type RecallObservations,
} from './liveQuery.ts';

/** What the service hands a live register's reader: its address, the log, and test overrides. */
export interface LiveReaderDeps {
  baseUrl: string;
  /** `user:password`, or a key alone (sent as the user name, empty password), for a register that needs them. */
  credentials?: string;
  /**
   * This server's own identifier, for a register whose questions name the requester (VIES: this server's VAT
   * number, `VIES_REQUESTER_VAT`, which makes VIES return a consultation number). Not a credential.
   */
  requester?: string;
  /** The log (with `appendBulk`, observations asked together go in one statement: LiveQueryOptions). */
  store: LiveQueryOptions['store'];
  /** A stream of the log, for a reader that checks a fact it appended (a filing marked deleted). */
  readStream?: EventStore['readStream'];
  /** The read table of observations: what a call with a maximum age may be served again from. */
  recall?: RecallObservation;
  /** The same read for several URLs in one statement (a `getAll`'s questions). */
  recallMany?: RecallObservations;
  /** Where documents' bytes (filed PDFs) are kept between downloads. */
  bytesCache?: LiveBytesCache;
  /** The largest document (a filed PDF) served, in bytes (`LIVE_DOCUMENT_MAX_BYTES`); the register's own default. */
  maxDocumentBytes?: number;
  now?: () => Date;
  fetch?: typeof fetch;
  /** Overrides of the register's own policies (tests: a short timeout, a breaker that closes quickly). */
  timeoutMs?: number;
  breaker?: { failures: number; halfOpenAfterMs: number };
}

/**
 * What differs between live registers: their pace, which statuses are answers, their parser and reader (a
 * European profile reader, or another port: the RNE's officers).
 */
export interface LiveRegisterSpec<R = EuLiveReader> {
  register: string;
  /** Calls a minute this process sends at most (the register's published or fair-use limit, with a margin). */
  perMinute: number;
  /** HTTP Basic authentication with the configured credentials (the register refuses anonymous calls). */
  auth?: 'basic';
  /** Statuses that are answers, not failures (404 "unknown"). */
  answerStatuses?: readonly number[];
  extract: (status: number, json: unknown, url: string, requestBody?: unknown) => unknown;
  /** The reader over the client; `deps` for a reader that appends events of its own (a deletion). */
  reader: (client: LiveQueryClient, deps: LiveReaderDeps) => R;
}

/**
 * Every live register's client, built the same way: 3 s an attempt, one retry on a transient failure, 5
 * failures in a row open the circuit for 30 s, 8 calls in flight and 32 waiting, an answer served again from
 * this process's cache for 60 s; only the register's pace, answer statuses and parser differ.
 */
export function createLiveRegisterReader<R = EuLiveReader>(
  spec: LiveRegisterSpec<R>,
  deps: LiveReaderDeps,
): R {
  return spec.reader(
    createLiveQueryClient({
      register: spec.register,
      baseUrl: deps.baseUrl,
      timeoutMs: deps.timeoutMs ?? 3000,
      retries: 1,
      breaker: deps.breaker ?? { failures: 5, halfOpenAfterMs: 30_000 },
      concurrency: { max: 8, queue: 32 },
      perMinute: spec.perMinute,
      cacheMs: 60_000,
      ...(spec.auth === 'basic' && deps.credentials ? { headers: basicAuthorization(deps.credentials) } : {}),
      ...(spec.answerStatuses ? { answerStatuses: spec.answerStatuses } : {}),
      extract: spec.extract,
      store: deps.store,
      ...(deps.recall ? { recall: deps.recall } : {}),
      ...(deps.recallMany ? { recallMany: deps.recallMany } : {}),
      ...(deps.bytesCache ? { bytesCache: deps.bytesCache } : {}),
      ...(deps.now ? { now: deps.now } : {}),
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    }),
    deps,
  );
}

/** The `Authorization` header of HTTP Basic authentication; a key alone is the user name, with no password. */
function basicAuthorization(credentials: string): Record<string, string> {
  const pair = credentials.includes(':') ? credentials : `${credentials}:`;
  return { authorization: `Basic ${Buffer.from(pair, 'utf8').toString('base64')}` };
}
