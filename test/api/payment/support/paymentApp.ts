import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import type { RouteDefinition } from '../../../../api/catalogue/route.ts';
import { payment } from '../../../../api/middleware/payment.ts';
import { createFacilitatorClient } from '../../../../api/payment/facilitatorClient.ts';
import { createNonceStore } from '../../../../api/payment/nonceStore.ts';
import type { PaymentConfig } from '../../../../api/payment/paymentConfig.ts';
import type { AppState } from '../../../../api/state.ts';
import { type AccountLedger, createAccountLedger } from '../../../../ops/accounts/accountLedger.ts';
import { createKeyResolver } from '../../../../ops/accounts/keyResolver.ts';
import type { AccountsDatabase } from '../../../ops/accounts/support/accountsDatabase.ts';
import { testLogger } from '../../../support/database.ts';

/**
 * What the fake handler answers next. `'late'`: 200, but only once the client has closed its connection
 * (an answer nobody receives).
 */
export type Behaviour = 200 | 400 | 404 | 503 | 'throw' | 'late';

export function fakeRoute(
  overrides: Partial<RouteDefinition> & Pick<RouteDefinition, 'id' | 'path'>,
): RouteDefinition {
  return {
    method: 'GET',
    summary: 'Fiche de test',
    params: [],
    price: 5000,
    freeTier: true,
    registers: ['test'],
    projections: [],
    responseSchema: {},
    handler: async () => ({ body: {} }),
    ...overrides,
  };
}

export const ROUTES = {
  /** $0.005, in the free quota. */
  profil: fakeRoute({ id: 'test.profil', path: '/v1/test/profil' }),
  /** $0.02, outside the free quota. */
  liste: fakeRoute({ id: 'test.liste', path: '/v1/test/liste', price: 20000, freeTier: false }),
  /** $0.02, registry filings: key only. */
  documents: fakeRoute({ id: 'test.documents', path: '/v1/test/documents', price: 20000, freeTier: false }),
  /** Free route. */
  lecture: fakeRoute({ id: 'test.lecture', path: '/v1/test/lecture', price: 0, freeTier: false }),
};

export interface PaymentApp {
  url: string;
  handlerRuns: () => number;
  answer(b: Behaviour): void;
  /** Resolves once no request is in the app's hands (every middleware has returned). */
  idle(): Promise<void>;
  /** Resolves when the handler next starts running. */
  nextHandlerRun(): Promise<void>;
  ledger: AccountLedger;
  close(): Promise<void>;
}

/**
 * A small Koa app standing in for api/app.ts: route binding, the payment middleware, and a handler that
 * answers what the test says. It listens on 127.0.0.1.
 */
export async function startPaymentApp(args: {
  accounts: AccountsDatabase;
  config: PaymentConfig;
  now?: () => Date;
}): Promise<PaymentApp> {
  const { knex } = args.accounts.db;
  let runs = 0;
  const runWaiters: (() => void)[] = [];
  let behaviour: Behaviour = 200;
  const ledger = createAccountLedger({
    knex,
    store: args.accounts.store,
    logger: testLogger,
    freeCallsPerMonth: args.config.freeCallsPerMonth,
    now: args.now,
  });
  const middleware = payment({
    config: args.config,
    nonces: createNonceStore(knex),
    facilitator: createFacilitatorClient({ url: args.config.facilitatorUrl, logger: testLogger }),
    ledger,
    keys: createKeyResolver(knex),
    keyOnlyRouteIds: [ROUTES.documents.id],
    now: args.now,
  });
  const router = new Router<AppState>();
  for (const route of Object.values(ROUTES)) {
    router.get(
      route.path,
      async (ctx, next) => {
        ctx.state.route = route;
        await next();
      },
      middleware,
      async (ctx) => {
        runs++;
        for (const resolve of runWaiters.splice(0)) resolve();
        if (behaviour === 'throw') throw new Error('handler fault');
        if (behaviour === 'late') {
          if (!ctx.res.destroyed) await new Promise((resolve) => ctx.res.once('close', resolve));
          ctx.status = 200;
          ctx.body = { citation: 'test', data: { ok: true } };
          return;
        }
        ctx.status = behaviour;
        ctx.body =
          behaviour === 200
            ? { citation: 'test', data: { ok: true } }
            : { error: `status_${behaviour}`, message: 'test' };
      },
    );
  }
  const koa = new Koa<AppState>();
  koa.silent = true;
  let inFlight = 0;
  const idleWaiters: (() => void)[] = [];
  koa.use(async (_ctx, next) => {
    inFlight++;
    try {
      await next();
    } finally {
      if (--inFlight === 0) for (const resolve of idleWaiters.splice(0)) resolve();
    }
  });
  koa.use(async (ctx, next) => {
    ctx.state.requestId = randomUUID();
    ctx.state.log = testLogger;
    try {
      await next();
    } catch {
      ctx.status = 503;
      ctx.body = { error: 'incident_interne', message: 'test' };
    }
  });
  koa.use(router.routes());
  const server = http.createServer(koa.callback());
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    handlerRuns: () => runs,
    answer(b) {
      behaviour = b;
    },
    nextHandlerRun: () =>
      new Promise<void>((resolve) => {
        runWaiters.push(resolve);
      }),
    idle: () =>
      inFlight === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            idleWaiters.push(resolve);
          }),
    ledger,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Sends a request and closes the connection once the handler has started: the client leaves before the
 * answer. Resolves when the app has finished with the request.
 */
export async function callAndLeave(
  app: PaymentApp,
  url: string,
  headers: Record<string, string>,
): Promise<void> {
  const started = app.nextHandlerRun();
  const leave = new AbortController();
  const sent = fetch(url, { headers, signal: leave.signal }).then(
    (res) => {
      throw new Error(`the client was answered ${res.status}; it should have left first`);
    },
    (err: Error) => {
      if (err.name !== 'AbortError') throw err;
    },
  );
  await started;
  leave.abort();
  await sent;
  await app.idle();
}
