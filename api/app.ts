import type { RequestListener } from 'node:http';
import Router from '@koa/router';
import Keygrip from 'keygrip';
import type { Knex } from 'knex';
import Koa from 'koa';
import compress from 'koa-compress';
import type { BudgetedPools } from '../ops/database/budgetedPools.ts';
import type { Logger } from '../ops/logger.ts';
import type { ServedLog } from '../ops/servedlog/servedLog.ts';
import { createSecretBox } from '../ops/signing/sealedSecret.ts';
import type { Signer } from '../ops/signing/signer.ts';
import type { RegisterInfo } from '../schemas/registerInfo.ts';
import type { AccountDesk } from './account/accountDesk.ts';
import { registerAccountPages } from './account/pages/accountPages.ts';
import { createRouteRegistry, type RouteRegistry, toRouterPath } from './catalogue/registry.ts';
import {
  type HandlerDeps,
  type LiveSources,
  NO_LIVE_SOURCES,
  type RouteDefinition,
} from './catalogue/route.ts';
import { rereadingSessions, type SnapshotSessions } from './catalogue/snapshotReader.ts';
import { mcpEndpoint } from './mcp/mcpEndpoint.ts';
import { mcpToolsOf } from './mcp/mcpTools.ts';
import { createMetrics, type Metrics } from './metrics/metrics.ts';
import { allowedMethods } from './middleware/allowedMethods.ts';
import { freeDocumentCaching, paidAnswerCaching } from './middleware/caching.ts';
import { crossOrigin } from './middleware/crossOrigin.ts';
import { envelope } from './middleware/envelope.ts';
import { errorHandler } from './middleware/errorHandler.ts';
import { freshnessGuard, type SnapshotReader } from './middleware/freshnessGuard.ts';
import { type RateLimits, rateLimit } from './middleware/rateLimit.ts';
import { readBody } from './middleware/readBody.ts';
import { requestContext } from './middleware/requestContext.ts';
import { requestPrice } from './middleware/requestPrice.ts';
import { refuseWhileStopping, requireDatabaseReady } from './middleware/serviceState.ts';
import { signResponse } from './middleware/signResponse.ts';
import { validateParams } from './middleware/validateParams.ts';
import { registerPageRoutes } from './pages/pageRoutes.ts';
import {
  createIdempotencyStore,
  idempotencyGate,
  idempotentReplayForKeys,
  keepIdempotentAnswers,
} from './payment/idempotency.ts';
import { presentedKeys } from './payment/presentedKeys.ts';
import {
  healthRoute,
  type LiveCircuit,
  type ProcessDescription,
  type ProjectionStatusReader,
} from './routes/health.ts';
import { readingRoutes } from './routes/reading.ts';
import { SCORE_MODELE_PATH, scoreModeleRoute } from './routes/score/scoreModeleRoute.ts';
import { NO_SCORE_MODEL, type ScoreModelSource } from './routes/score/scoreModelSource.ts';
import { watchRoutes } from './routes/surveillance.ts';
import { type WatchCreationDeps, watchCreationRoute } from './routes/surveillanceCreer.ts';
import { answerSample, sampleBody } from './samples/sampleMiddleware.ts';
import { samplePathOf, sampleRequestOf } from './samples/sampleRequest.ts';
import { createSampleRunner } from './samples/sampleRunner.ts';
import type { AppContext, AppMiddleware, AppState } from './state.ts';
import { createLagHistory, recordingLag } from './status/lagHistory.ts';
import { STATUS_PATH, statusRoute } from './status/statusRoute.ts';

export interface AppDeps {
  logger: Logger;
  knex: Knex;
  /**
   * Where handlers read the read tables (a streaming replica, DATABASE_READ_URL); absent: `knex`. `readSnapshots`
   * and `budgeted` must read the same database, so that freshness and provenance are what it has applied.
   */
  readKnex?: Knex;
  /** Opened beside `readKnex` (or `knex`); whoever composes the app closes them. */
  budgeted: BudgetedPools;
  registers: readonly RegisterInfo[];
  /** The priced routes of the registers (one file per family in api/routes/). */
  routes: readonly RouteDefinition[];
  projectionNames: string[];
  readSnapshots: SnapshotReader;
  /**
   * Each request's snapshot session (snapshotReader.ts): what it read of the snapshot state, confirmed after
   * its rows. Unset: read and confirmed through `readSnapshots`.
   */
  snapshotSessions?: SnapshotSessions;
  projectionStatus: ProjectionStatusReader;
  signer: Signer;
  servedLog: Pick<ServedLog, 'record'>;
  /** The payment middleware for a priced route (issue: payments). Absent: priced routes are served unpaid (tests, bench baseline). */
  paymentFor?: (route: RouteDefinition) => AppMiddleware;
  /** Per key and per address; absent: no limit. */
  rateLimits?: RateLimits;
  /** With x402: keeps each settled answer, once signed, for a replay of the same payment. */
  keepSettledAnswers?: AppMiddleware;
  /** With payment: puts the credit headers on keyed refusals given outside the payment step. */
  keyedCreditHeaders?: AppMiddleware;
  serverUrl: string;
  /** With payment: the accounts the keys open (GET /v1/compte, and the account pages at `accountUrl`). */
  account?: AccountDesk;
  /** Where a client gets an API key (`ACCOUNT_URL`), shown on `GET /`; default `{serverUrl}/compte`. */
  accountUrl?: string;
  now?: () => Date;
  /** The risk score's model: the `score` blocks and GET /v1/score/modele read it (app/score/fileScoreModelSource.ts). */
  scoreModel?: ScoreModelSource;
  /** False while the database has not been reached and migrated: priced routes answer 503 base_indisponible. */
  databaseReady?: () => boolean;
  /** True once shutdown has begun: every new request answers 503 service_en_arret. */
  stopping?: () => boolean;
  /** Registers queried live by handlers; absent: none configured. */
  live?: LiveSources;
  /** What this process is (`/health` says it): its role and whether it applies the log now. */
  process?: ProcessDescription;
  /**
   * Where POST /v1/surveillance/creer records the watches it sells (the event log) and what it accepts
   * (countries, webhook addresses); absent: the route is not served.
   */
  watchCreation?: Omit<WatchCreationDeps, 'secrets' | 'now'>;
}

export interface App {
  koa: Koa<AppState>;
  registry: RouteRegistry;
  metrics: Metrics;
}

/**
 * Composition. Outermost first: request id and log → errors → metrics → routing; then per route:
 * signature (signs a priced 2xx on the way out) → validation (400) → payment (402; charges or settles a 2xx
 * only) → freshness (503) → envelope → handler.
 */
export function createApp(deps: AppDeps): App {
  let registry: RouteRegistry | null = null;
  // Samples answered by this app in-process (the home page's search box, the OpenAPI examples).
  let listener: RequestListener | null = null;
  const samples = createSampleRunner(() => {
    listener ??= koa.callback();
    return listener;
  });
  // Every read of the projections' positions (/health, /metrics, /statut) is also a sample of the lag history.
  const lagHistory = createLagHistory();
  const projectionStatus = recordingLag(deps.projectionStatus, lagHistory, deps.now);
  const reading = readingRoutes({
    registry: () => registry!,
    registers: deps.registers,
    readSnapshots: deps.readSnapshots,
    projectionNames: () => deps.projectionNames,
    jwks: () => ({ keys: [deps.signer.publicJwk] }),
    serverUrl: deps.serverUrl,
    priced: deps.routes,
    sampleExamples: (routes) => samples.examples(routes.filter((r) => r.price > 0)),
    ...(deps.account ? { account: deps.account } : {}),
    ...(deps.databaseReady ? { databaseReady: deps.databaseReady } : {}),
    ...(deps.now ? { now: deps.now } : {}),
  });
  // The watches' free reads: their owner proves it with a key of the owning account or the x402 payer's signature.
  const watches = watchRoutes({
    ...(deps.account ? { accountOf: (key: string) => deps.account!.accountOf(key) } : {}),
    ...(deps.now ? { now: deps.now } : {}),
  });
  const creation = deps.watchCreation
    ? [
        watchCreationRoute({
          ...deps.watchCreation,
          secrets: createSecretBox(deps.signer),
          now: deps.now ?? (() => new Date()),
        }),
      ]
    : [];
  registry = createRouteRegistry([...reading, ...watches, ...creation, ...deps.routes]);
  const liveCircuits = () =>
    [...(deps.live?.europe.values() ?? []), ...Object.values(deps.live?.french ?? {})].map((r) => ({
      register: r.register,
      circuit: r.circuit(),
    }));
  const metrics = createMetrics({
    projectionLag: async () => (await projectionStatus()).map((p) => ({ name: p.name, lag: p.lag })),
    liveCircuits,
  });

  const router = new Router<AppState>();
  mountRouteChains(router, registry.routes, deps);
  mountServiceRoutes(router, {
    deps,
    registry: () => registry!,
    samples,
    metrics,
    projectionStatus,
    lagHistory,
    liveCircuits,
  });

  const koa = assembleKoa(deps, router, metrics);
  return { koa, registry, metrics };
}

/** What the route chains are built from: the handlers' dependencies, the freshness guard and the envelope. */
function chainSteps(deps: AppDeps) {
  const handlerDeps: HandlerDeps = {
    knex: deps.readKnex ?? deps.knex,
    budgeted: deps.budgeted,
    live: deps.live ?? NO_LIVE_SOURCES,
    registers: deps.registers,
    readSnapshots: deps.readSnapshots,
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.scoreModel ? { scoreModel: deps.scoreModel } : {}),
  };
  const snapshotSessions = deps.snapshotSessions ?? rereadingSessions(deps.readSnapshots, deps.readSnapshots);
  const guard = (route: RouteDefinition) =>
    freshnessGuard(route, { snapshotSessions, registers: deps.registers, now: deps.now });
  const answer = (route: RouteDefinition) =>
    envelope(route, { handlerDeps, registers: deps.registers, now: deps.now, snapshotSessions });
  return {
    handlerDeps,
    snapshotSessions,
    guard,
    answer,
    readAndAnswer: (route: RouteDefinition): AppMiddleware[] => [guard(route), answer(route)],
    sign: () => signResponse({ signer: deps.signer, servedLog: deps.servedLog }),
    // One limiter for every route: the limits are per key and per address, whatever the route.
    limiter: deps.rateLimits ? rateLimit(deps.rateLimits) : null,
    // The paid POST routes' Idempotency-Keys, their answers sealed under a key of their own.
    idempotency: createIdempotencyStore(deps.knex, createSecretBox(deps.signer, 'idempotency-answers')),
  };
}

type ChainSteps = ReturnType<typeof chainSteps>;

/** Each route's chain, and before them each priced route's free sample. */
function mountRouteChains(router: Router<AppState>, routes: readonly RouteDefinition[], deps: AppDeps) {
  const steps = chainSteps(deps);
  // A priced route's free sample: the same validation, freshness guard and handler on its example
  // parameters, signed, never charged. Registered before GET /v1/echantillons/{route}, which documents them.
  for (const route of routes) {
    const sample = route.price > 0 ? sampleRequestOf(route) : null;
    if (sample) router.get(samplePathOf(route), ...sampleChain(route, sample, deps, steps));
  }
  for (const route of routes) {
    if (route.method === 'POST') router.post(toRouterPath(route.path), ...routeChain(route, deps, steps));
    else router.get(toRouterPath(route.path), ...routeChain(route, deps, steps));
  }
}

function sampleChain(
  route: RouteDefinition,
  sample: NonNullable<ReturnType<typeof sampleRequestOf>>,
  deps: AppDeps,
  steps: ChainSteps,
): AppMiddleware[] {
  const chain: AppMiddleware[] = [bindRoute(route), steps.sign()];
  if (steps.limiter) chain.push(steps.limiter);
  chain.push(answerSample(route, sample), validateParams(route));
  if (route.body) chain.push(sampleBody(route));
  if (deps.databaseReady) chain.push(requireDatabaseReady(deps.databaseReady));
  chain.push(...steps.readAndAnswer(route));
  return chain;
}

/** A route's chain: signature (on the way out), validation, payment, freshness, envelope, handler. */
function routeChain(route: RouteDefinition, deps: AppDeps, steps: ChainSteps): AppMiddleware[] {
  const chain: AppMiddleware[] = [bindRoute(route)];
  if (route.price > 0) chain.push(paidAnswerCaching());
  else chain.push(...freeDocumentCaching());
  // A paid POST route takes an Idempotency-Key: its answer is kept once signed, so it sits outside the signature.
  const idempotent = route.price > 0 && route.method === 'POST';
  if (route.price > 0 && deps.keepSettledAnswers) chain.push(deps.keepSettledAnswers);
  if (idempotent) chain.push(keepIdempotentAnswers(steps.idempotency));
  if (route.price > 0) chain.push(steps.sign());
  if (route.price > 0 && deps.keyedCreditHeaders) chain.push(deps.keyedCreditHeaders);
  if (steps.limiter) chain.push(steps.limiter);
  chain.push(validateParams(route));
  // The body is read and checked before payment: a body too large or malformed costs nothing.
  if (route.body) chain.push(readBody(route));
  if (route.price > 0 && deps.databaseReady) chain.push(requireDatabaseReady(deps.databaseReady));
  const now = deps.now ?? (() => new Date());
  const account = deps.account;
  if (idempotent && account) {
    // A key holder's key answered already is answered again before the quote: not read nor priced again.
    const accountOf = async (ctx: AppContext) => {
      for (const key of presentedKeys(ctx)) {
        const id = await account.accountOf(key);
        if (id) return id;
      }
      return null;
    };
    chain.push(idempotentReplayForKeys(steps.idempotency, accountOf, now));
  }
  // After payment (the payer known), before the handler: a key answered already is answered again, uncharged.
  const gate = idempotent ? [idempotencyGate(steps.idempotency, now)] : [];
  if (route.perRequestPrice) {
    // Priced from its own answer: the freshness guard and the quote (which prepares it) come before payment.
    chain.push(
      steps.guard(route),
      requestPrice(route, route.perRequestPrice, steps.handlerDeps, steps.snapshotSessions),
    );
    if (deps.paymentFor) chain.push(deps.paymentFor(route));
    chain.push(...gate, steps.answer(route));
  } else {
    if (route.price > 0 && deps.paymentFor) chain.push(deps.paymentFor(route));
    chain.push(...gate, ...steps.readAndAnswer(route));
  }
  return chain;
}

/** The routes beside the registry's: MCP, health, metrics, status, the site's pages and the account pages. */
function mountServiceRoutes(
  router: Router<AppState>,
  parts: {
    deps: AppDeps;
    registry: () => RouteRegistry;
    samples: ReturnType<typeof createSampleRunner>;
    metrics: Metrics;
    projectionStatus: ProjectionStatusReader;
    lagHistory: ReturnType<typeof createLagHistory>;
    liveCircuits: () => LiveCircuit[];
  },
) {
  const { deps, registry, samples, metrics, projectionStatus, lagHistory, liveCircuits } = parts;
  // The MCP endpoint: one tool per priced route, each call answered by its HTTP route (api/mcp/).
  router.all('/mcp', mcpEndpoint(mcpToolsOf(registry().routes)));
  router.get(
    '/health',
    healthRoute({
      knex: deps.knex,
      projectionStatus,
      liveCircuits,
      liveNotConfigured: deps.live?.notConfigured ?? [],
      ...(deps.databaseReady ? { databaseReady: deps.databaseReady } : {}),
      ...(deps.process ? { process: deps.process } : {}),
    }),
  );
  router.get('/metrics', async (ctx) => {
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  });
  const accountUrl = deps.accountUrl ?? `${deps.serverUrl}/compte`;
  router.get(
    STATUS_PATH,
    statusRoute({
      site: { serverUrl: deps.serverUrl, accountUrl },
      registers: deps.registers,
      registry,
      readSnapshots: deps.readSnapshots,
      projectionNames: () => deps.projectionNames,
      projectionStatus,
      history: lagHistory,
      liveCircuits,
      liveNotConfigured: deps.live?.notConfigured ?? [],
      ...(deps.now ? { now: deps.now } : {}),
    }),
  );
  router.get(
    SCORE_MODELE_PATH,
    scoreModeleRoute({
      source: deps.scoreModel ?? NO_SCORE_MODEL,
      site: { serverUrl: deps.serverUrl, accountUrl },
    }),
  );
  registerPageRoutes(router, {
    serverUrl: deps.serverUrl,
    accountUrl,
    registry,
    sample: (route) => samples.answer(route),
  });
  if (deps.account) {
    registerAccountPages(router, {
      desk: deps.account,
      serverUrl: deps.serverUrl,
      accountUrl,
      routePaths: new Map(registry().routes.map((r) => [r.id, r.path])),
      now: deps.now,
    });
  }
}

/** The Koa application around the router, outermost first: request id and log, CORS, errors, compression, metrics. */
function assembleKoa(deps: AppDeps, router: Router<AppState>, metrics: ReturnType<typeof createMetrics>) {
  const koa = new Koa<AppState>();
  koa.proxy = process.env.TRUST_PROXY === '1';
  // Signs the account pages' cookies (HMAC-SHA256), with a secret every process holding the signing key derives.
  koa.keys = new Keygrip([deps.signer.derivedSecret('account-page-cookies').toString('base64url')], 'sha256');
  koa.silent = true;
  koa.use(requestContext({ logger: deps.logger }));
  koa.use(crossOrigin());
  koa.use(errorHandler());
  if (deps.stopping) koa.use(refuseWhileStopping(deps.stopping));
  // Free documents are compressed when the client accepts it; a signed answer never is: its Content-Digest
  // and signature cover the exact bytes sent (bindRoute turns compression off for priced routes).
  koa.use(compress({ threshold: 1024 }) as unknown as AppMiddleware);
  koa.use(metrics.middleware);
  koa.use(router.routes());
  koa.use(allowedMethods(router));
  return koa;
}

function bindRoute(route: RouteDefinition): AppMiddleware {
  return async function bindRouteMiddleware(ctx, next) {
    ctx.state.route = route;
    if (route.price > 0) ctx.compress = false;
    await next();
  };
}
