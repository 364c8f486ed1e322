import type { RouterContext, RouterMiddleware } from '@koa/router';
import type Koa from 'koa';
import type { RouteDefinition, RouteState } from './catalogue/route.ts';
import type { SnapshotSession } from './catalogue/snapshotReader.ts';
import type { NonceKey } from './payment/nonceKey.ts';

/** Per-request state shared by the middleware chain. */
export interface AppState extends RouteState {
  requestId: string;
  route?: RouteDefinition;
  /** The exact price of this request, for a route with a per-request price (set before payment). */
  price?: number;
  /** Raw bytes of a JSON body, exactly as they will be sent (signature and digest are computed over them). */
  bodyBytes?: Buffer;
  /** Set by the x402 rail on a settled answer, so that the keeper stores it once signed (x402Answers.ts). */
  x402Settled?: { key: NonceKey };
  /**
   * True when the answer is a kept answer sent again (an x402 payment's, or an Idempotency-Key's): already
   * signed and in the served log.
   */
  x402Replayed?: boolean;
  /** True when the answer is the one kept for this Idempotency-Key: the payment step charges nothing. */
  idempotentReplay?: boolean;
  /** The Idempotency-Key this request holds (idempotency.ts): its answer is kept once signed, or it is freed. */
  idempotencyClaim?: { key: string; payer: string };
  /** The request's reads of the snapshot state, confirmed once its rows are read (envelope.ts). */
  snapshotSession?: SnapshotSession;
  /** Set by the freshness guard: reads the state again, through a new session, and judges it again. */
  recheckFreshness?: () => Promise<void>;
}

export type AppContext = RouterContext<AppState>;
export type AppMiddleware = RouterMiddleware<AppState>;
export type AppKoa = Koa<AppState>;
