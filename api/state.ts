import type { RouterContext, RouterMiddleware } from '@koa/router';
import type Koa from 'koa';
import type { Logger } from '../ops/logger.ts';
import type { RouteDefinition } from './catalogue/route.ts';
import type { NonceKey } from './payment/nonceStore.ts';

/** Per-request state shared by the middleware chain. */
export interface AppState {
  requestId: string;
  log: Logger;
  route?: RouteDefinition;
  /** Validated parameters (path and query), coerced to their schema types. */
  params?: Record<string, unknown>;
  /** Provenance gathered for the envelope by the freshness guard. */
  provenance?: ProvenanceEntry[];
  /** Registers the freshness guard set aside for a route that degrades instead of refusing. */
  registresMuets?: MutedRegister[];
  /** Raw bytes of a JSON body, exactly as they will be sent (signature and digest are computed over them). */
  bodyBytes?: Buffer;
  /** Set by the x402 rail on a settled answer, so that the keeper stores it once signed (x402Answers.ts). */
  x402Settled?: { key: NonceKey };
  /** True when the answer is a kept x402 answer sent again: already signed and in the served log. */
  x402Replayed?: boolean;
}

export interface MutedRegister {
  registre: string;
  /** A `motif_panne` code (api/errors/errorCodes.ts). */
  motif: string;
}

export interface ProvenanceEntry {
  registre: string;
  version: string;
  empreinte_sha256?: string;
  date_photo?: string;
}

export type AppContext = RouterContext<AppState>;
export type AppMiddleware = RouterMiddleware<AppState>;
export type AppKoa = Koa<AppState>;
