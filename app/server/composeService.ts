import http from 'node:http';
import type { AccountDesk } from '../../api/account/accountDesk.ts';
import { type App, createApp } from '../../api/app.ts';
import type { RouteDefinition } from '../../api/catalogue/route.ts';
import { rereadingSessions, type SnapshotSessions } from '../../api/catalogue/snapshotReader.ts';
import { isDatabaseOutage } from '../../api/errors/databaseOutage.ts';
import type { SnapshotReader } from '../../api/middleware/freshnessGuard.ts';
import { keyedCreditHeaders, payment } from '../../api/middleware/payment.ts';
import { checkFacilitatorSupport, createFacilitatorClient } from '../../api/payment/facilitatorClient.ts';
import { createNonceStore } from '../../api/payment/nonceStore.ts';
import { loadPaymentConfig, type PaymentConfig } from '../../api/payment/paymentConfig.ts';
import {
  createX402AnswerStore,
  DEFAULT_REPLAY_WINDOW_SECONDS,
  keepSettledAnswers,
} from '../../api/payment/x402Answers.ts';
import type { ScoreModelSource } from '../../api/routes/score/scoreModelSource.ts';
import type { AppMiddleware } from '../../api/state.ts';
import { issueKey, revokeKey } from '../../ops/accounts/accountKeys.ts';
import { type AccountLedger, createAccountLedger } from '../../ops/accounts/accountLedger.ts';
import { dailyUsage } from '../../ops/accounts/dailyUsage.ts';
import { createKeyResolver } from '../../ops/accounts/keyResolver.ts';
import { loadAccount } from '../../ops/accounts/loadAccount.ts';
import { openAccount } from '../../ops/accounts/openAccount.ts';
import { recentCalls } from '../../ops/accounts/recentCalls.ts';
import type { Config } from '../../ops/config.ts';
import { createBudgetedPools } from '../../ops/database/budgetedPools.ts';
import type { Database } from '../../ops/database/openDatabase.ts';
import type { EventStore } from '../../ops/eventstore/port.ts';
import { createPostgresEventStore } from '../../ops/eventstore/postgres/index.ts';
import type { Logger } from '../../ops/logger.ts';
import { createServedLog } from '../../ops/servedlog/createServedLog.ts';
import { loggedEntriesIn } from '../../ops/servedlog/loggedEntries.ts';
import { createServedJournal } from '../../ops/servedlog/servedJournal.ts';
import type { ServedLog } from '../../ops/servedlog/servedLog.ts';
import { loadOrCreateSigner } from '../../ops/signing/loadOrCreateSigner.ts';
import type { Signer } from '../../ops/signing/signer.ts';
import { accountsProjection } from '../../projections/accounts/accountsProjection.ts';
import type { Projection } from '../../projections/core/projection.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/core/projectionRunner.ts';
import { postgresProjectorLock } from '../../projections/core/projectorLock.ts';
import { readSnapshotStates } from '../../projections/core/snapshotState.ts';
import type { RegisterInfo } from '../../schemas/registerInfo.ts';
import { type EuLiveSource, type FrenchLiveSource, PRICED_ROUTES, PROJECTIONS } from '../readSide.ts';
import { REGISTERS } from '../registers.ts';
import { fileScoreModelSource } from '../score/fileScoreModelSource.ts';
import { cachedSnapshotReader } from './cachedSnapshotReader.ts';
import { migrateAll } from './migrateAll.ts';
import { serviceLiveSources } from './serviceLiveSources.ts';
import { projects, type ServiceRole } from './serviceRole.ts';
import { flushAtShutdown, stopAccepting } from './serviceShutdown.ts';
import { watchableCountries } from './watchableCountries.ts';

export interface Service {
  db: Database;
  store: EventStore;
  runner: ProjectionRunner;
  signer: Signer;
  servedLog: ServedLog;
  /** The key ledger (null when priced routes are served unpaid); its `flush` appends the charges of leased calls. */
  ledger: AccountLedger | null;
  app: App;
  /**
   * Listens; resolves with the bound port. Starts the projections too, unless the database is deferred
   * (`deferDatabase`): then `whenDatabaseReady` does.
   */
  listen(port: number, host?: string): Promise<number>;
  /**
   * With `deferDatabase`: migrates and starts the projections, retrying while the database is unreachable
   * (priced routes answer 503 base_indisponible meanwhile). Resolves once ready; rejects on any other failure,
   * or with `ServiceStopped` when close() is called first.
   */
  whenDatabaseReady(): Promise<void>;
  /**
   * Stops accepting connections; requests already running finish (up to `graceMs`, default 10 s) and later ones
   * on open connections answer 503 service_en_arret; then the served log is flushed (or, the database being
   * unreachable, what it could not take is kept on local disk), the projections stop. `servedAnswersLost`: signed
   * answers that are neither in the served log nor kept on disk (the exit status says so).
   */
  close(opts?: { graceMs?: number }): Promise<{ servedAnswersLost: number }>;
}

/** whenDatabaseReady was cut short by close(). */
export class ServiceStopped extends Error {}

export interface ComposeOptions {
  projections?: readonly Projection[];
  routes?: readonly RouteDefinition[];
  registers?: readonly RegisterInfo[];
  /**
   * Payment of priced routes. Default: x402 and API keys from the environment (loadPaymentConfig). A config
   * object overrides the environment; `false` serves priced routes unpaid (benchmark baseline, core tests).
   */
  payment?: PaymentConfig | false;
  now?: () => Date;
  /** Overrides the configuration of INSEE's API Sirene (the search fallback), e.g. a replay server in tests. */
  sireneApi?: Config['sireneApi'];
  servedLogFlushMs?: number;
  /**
   * Do not touch the database while composing: `serve` listens first and reaches the database in the
   * background (whenDatabaseReady), so that a database down at start is an outage, not an exit.
   */
  deferDatabase?: boolean;
  /** Rate limits; default the configuration's (RATE_LIMIT_PER_KEY, RATE_LIMIT_PER_ADDRESS); false: none. */
  rateLimits?: { perKey: number; perAddress: number } | false;
  /** Delays between attempts to reach the database when deferred (ms); the last one repeats. */
  databaseRetryMs?: readonly number[];
  /** The live registers' addresses by register code (a replay server in tests and `LIVE_REPLAY=1`). */
  liveUrls?: Readonly<Record<string, string>>;
  /** The live registers' credentials by register code (tests, and the replay demo's placeholders). */
  liveCredentials?: Readonly<Record<string, string>>;
  /** The live registers to read; default every manifest's (readSide.ts). */
  liveRegisters?: readonly EuLiveSource[];
  /** The French live registers to read (the RNE); default every manifest's (readSide.ts). */
  frenchLiveSources?: readonly FrenchLiveSource[];
  /** `api`: never start the projections (another process runs them); default `all` (see serviceRole.ts). */
  role?: ServiceRole;
  /**
   * On a PostgreSQL server, project only while holding the projector lock (projectorLock.ts), standing by
   * otherwise: what `serve` does, so that a second projector started by mistake waits instead of competing.
   */
  exclusiveProjector?: { standbyRetryMs?: number } | boolean;
  /** Overrides of every live register's timeout and circuit breaker (tests). */
  livePolicy?: {
    timeoutMs?: number;
    breaker?: { failures: number; halfOpenAfterMs: number };
    /** The largest live document served (tests: a small one). */
    maxDocumentBytes?: number;
  };
  /** This server's requester VAT number for VIES; default the configuration's (`VIES_REQUESTER_VAT`). */
  viesRequesterVat?: string | null;
  /** The risk score's model; default the one of `<DATA_DIR>/score/model.json` (picked up when it appears). */
  scoreModel?: ScoreModelSource;
}

const DATABASE_RETRY_MS = [250, 500, 1000, 2000, 5000] as const;

/**
 * How long the snapshot states read on a replica are kept. What is kept was applied by the replica, so a route
 * never claims more than the replica holds; after the replica applies a newer snapshot, provenance follows
 * within this time.
 */
const REPLICA_SNAPSHOT_CACHE_MS = 1000;

/** Events per projection transaction on a PostgreSQL server (the runner's default, 500, elsewhere). */
const PROJECTION_BATCH_ON_SERVER = 2000;

/** Wires database, event log, projections, signer, served log and the API. Used by `serve` and the e2e tests. */
export async function composeService(
  db: Database,
  config: Config,
  logger: Logger,
  opts: ComposeOptions = {},
): Promise<Service> {
  const paymentConfig = opts.payment === undefined ? loadPaymentConfig() : opts.payment;
  const projections = composedProjections({ ...opts, payment: paymentConfig });
  if (!opts.deferDatabase) await migrateAll(db.knex, projections, { exclusive: db.kind === 'postgres' });
  let databaseReady = !opts.deferDatabase;
  let stopping = false;
  const store = createPostgresEventStore({ knex: db.knex, notifications: db.notifications, logger });
  const projecting = projects(opts.role ?? 'all');
  const runner = createServiceRunner(db, store, logger, projections, opts.exclusiveProjector);
  const signer = await loadOrCreateSigner({
    signingKeyFile: config.signingKeyFile,
    dataDir: config.dataDir,
    logger,
  });
  const servedLog = createServiceServedLog(db, store, config, logger, opts.servedLogFlushMs);
  if (!opts.deferDatabase) await recoverServedLog(servedLog, logger);
  const paid = paymentConfig
    ? sharedPaymentMiddleware({
        db,
        store,
        logger,
        config: paymentConfig,
        baseUrl: config.baseUrl,
        routes: opts.routes ?? PRICED_ROUTES,
        now: opts.now,
      })
    : undefined;
  // The routes read the read tables, and what the read side has applied of each register, from one database:
  // the streaming replica when there is one (DATABASE_READ_URL), so that freshness and provenance are what it
  // has applied; charges, keys, nonces, the served log and live observations stay on the primary (db.knex).
  const readKnex = db.readKnex ?? db.knex;
  const budgeted = createBudgetedPools(readKnex);
  const { freshSnapshots, readSnapshots } = snapshotReadersOf(readKnex, db, runner);
  const app = createApp({
    logger,
    knex: db.knex,
    readKnex,
    budgeted,
    registers: opts.registers ?? REGISTERS,
    routes: opts.routes ?? PRICED_ROUTES,
    projectionNames: projections.map((p) => p.name),
    readSnapshots,
    snapshotSessions: snapshotSessionsOf(readSnapshots, freshSnapshots, runner, readKnex === db.knex),
    projectionStatus: () => runner.status(),
    signer,
    servedLog,
    paymentFor: paid?.paymentFor,
    live: serviceLiveSources({ db, store, config, opts }),
    keyedCreditHeaders: paid?.keyedCreditHeaders,
    keepSettledAnswers: paid?.keepSettledAnswers,
    account: paid?.account,
    serverUrl: config.baseUrl,
    accountUrl: paymentConfig ? paymentConfig.accountUrl : undefined,
    now: opts.now,
    scoreModel:
      opts.scoreModel ??
      fileScoreModelSource(config.dataDir, (fields, message) => logger.warn(fields, message)),
    databaseReady: () => databaseReady,
    process: { role: opts.role ?? 'all', projector: () => (projecting ? runner.mode() : 'stopped') },
    rateLimits: opts.rateLimits === false ? undefined : (opts.rateLimits ?? config.rateLimits),
    stopping: () => stopping,
    // Watches are sold where they are paid for: their owner is their payer.
    ...(paymentConfig
      ? {
          watchCreation: {
            store,
            rules: { countries: watchableCountries(), addressPolicy: config.webhooks.addresses },
          },
        }
      : {}),
  });
  let server: http.Server | null = null;
  /** Requests inside the Koa chain: shutdown waits for them, so that every signed answer is recorded. */
  const running = new Set<Promise<unknown>>();
  let wakeStopped: (() => void) | null = null;
  const stopped = new Promise<void>((resolve) => {
    wakeStopped = resolve;
  });
  return {
    db,
    store,
    runner,
    signer,
    servedLog,
    ledger: paid?.ledger ?? null,
    app,
    async listen(port, host = config.host) {
      if (databaseReady && projecting) await runner.start();
      server = await startHttpServer(app, running, port, host);
      const address = server.address();
      return typeof address === 'object' && address ? address.port : port;
    },
    async whenDatabaseReady() {
      const delays = opts.databaseRetryMs ?? DATABASE_RETRY_MS;
      for (let attempt = 0; !databaseReady; attempt++) {
        if (stopping) throw new ServiceStopped('the service stopped before its database was reached');
        try {
          await migrateAll(db.knex, projections, { exclusive: db.kind === 'postgres' });
          if (projecting) await runner.start();
          databaseReady = true;
          await recoverServedLog(servedLog, logger);
          if (attempt > 0)
            logger.info({ attempts: attempt + 1 }, 'database reached: migrated, projections started');
        } catch (err) {
          if (!isDatabaseOutage(err)) throw err;
          await waitBeforeRetry(logger, err as Error, delays[Math.min(attempt, delays.length - 1)], stopped);
        }
      }
    },
    async close(closeOpts = {}) {
      stopping = true;
      wakeStopped?.();
      if (server) {
        const s = server;
        server = null;
        await stopAccepting(s, running, closeOpts.graceMs ?? 10_000);
      }
      const servedAnswersLost = await flushAtShutdown({ ledger: paid?.ledger, servedLog, logger });
      await runner.stop().catch((err: Error) => {
        logger.warn({ err: err.message }, 'projection runner stopped with an error');
      });
      await budgeted.close();
      return { servedAnswersLost };
    },
  };
}

/** Serves the app over HTTP on `port`, each request in `running` until it is answered. */
async function startHttpServer(app: App, running: Set<Promise<unknown>>, port: number, host: string) {
  const handle = app.koa.callback();
  const server = http.createServer((req, res) => {
    const done = handle(req, res);
    running.add(done);
    done.finally(() => running.delete(done));
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

/** The served log of a service; the answers the database cannot take (an outage) are kept on local disk. */
function createServiceServedLog(
  db: Database,
  store: EventStore,
  config: Config,
  logger: Logger,
  flushIntervalMs: number | undefined,
): ServedLog {
  return createServedLog({
    eventStore: store,
    logger,
    flushIntervalMs,
    // Replayed once the database answers again.
    journal: createServedJournal({ dataDir: config.dataDir, logger }),
    loggedEntries: loggedEntriesIn(db.knex),
  });
}

/** The snapshot states the routes read: fresh, and cached until the runner commits another (or, on a replica, briefly). */
function snapshotReadersOf(readKnex: Database['knex'], db: Database, runner: ProjectionRunner) {
  const freshSnapshots: SnapshotReader = (q) => readSnapshotStates(readKnex, q);
  const readSnapshots = cachedSnapshotReader(
    freshSnapshots,
    () => runner.snapshotFingerprint(),
    // A replica applies the runner's commits later than the runner knows: only a short age bounds the cache.
    readKnex === db.knex ? undefined : REPLICA_SNAPSHOT_CACHE_MS,
  );
  return { freshSnapshots, readSnapshots };
}

/** The database is unreachable: says so, then waits `wait` ms (1 s by default) or until the service stops. */
async function waitBeforeRetry(logger: Logger, err: Error, wait: number | undefined, stopped: Promise<void>) {
  const retryInMs = wait ?? 1000;
  logger.warn(
    { err: err.message, retryInMs },
    'database unreachable: priced routes answer 503 base_indisponible until it is reached',
  );
  await Promise.race([new Promise((resolve) => setTimeout(resolve, retryInMs)), stopped]);
}

/** The projection runner of a service: on a PostgreSQL server, in larger batches and (if asked) under the projector lock. */
function createServiceRunner(
  db: Database,
  store: EventStore,
  logger: Logger,
  projections: readonly Projection[],
  exclusiveProjector: ComposeOptions['exclusiveProjector'],
): ProjectionRunner {
  const exclusive = exclusiveProjector && db.kind === 'postgres' ? exclusiveProjector : null;
  return createProjectionRunner({
    knex: db.knex,
    eventStore: store,
    logger,
    projections: [...projections],
    // A server applies a Sirene stock's millions of events in fewer, larger transactions (one read of the log,
    // one write per table and one checkpoint per batch). The embedded database keeps short ones: it is one
    // session, and a request waits for the transaction in progress.
    batchSize: db.kind === 'postgres' ? PROJECTION_BATCH_ON_SERVER : undefined,
    ...(exclusive
      ? {
          lock: postgresProjectorLock(db.url, logger),
          ...(typeof exclusive === 'object' ? { standbyRetryMs: exclusive.standbyRetryMs } : {}),
        }
      : {}),
  });
}

/** Appends the served answers kept on local disk by a process that stopped during an outage (or by this one). */
async function recoverServedLog(servedLog: ServedLog, logger: Logger): Promise<void> {
  await servedLog.recover().catch((err: Error) => {
    // Kept on disk still: tried again with the next flush.
    logger.warn({ err: err.message }, 'served answers kept on local disk not appended yet; tried again');
  });
}

/** The read models a service composed with these options runs (and migrates): the accounts' whenever it is paid. */
export function composedProjections(opts: Pick<ComposeOptions, 'projections' | 'payment'>): Projection[] {
  const paymentConfig = opts.payment === undefined ? loadPaymentConfig() : opts.payment;
  // Keys resolve and balances load from the accounts read model: payment cannot run without it.
  const projections = [...(opts.projections ?? PROJECTIONS)];
  if (paymentConfig && !projections.includes(accountsProjection)) projections.push(accountsProjection);
  return projections;
}

/** One payment middleware for every priced route: one nonce store, one ledger, one key resolver. */
function sharedPaymentMiddleware(deps: {
  db: Database;
  store: EventStore;
  logger: Logger;
  config: PaymentConfig;
  baseUrl: string;
  routes: readonly RouteDefinition[];
  now?: () => Date;
}): {
  paymentFor: () => AppMiddleware;
  keyedCreditHeaders: AppMiddleware;
  keepSettledAnswers: AppMiddleware;
  account: AccountDesk;
  /** Closed at shutdown, once the last answer is sent (its leases returned). */
  ledger: AccountLedger;
} {
  const { knex } = deps.db;
  const facilitator = createFacilitatorClient({
    url: deps.config.facilitatorUrl,
    logger: deps.logger,
    authHeaders: deps.config.facilitatorHeaders,
  });
  if (deps.config.payTo !== null) {
    // In the background: a facilitator down at start must not hold the service back.
    void checkFacilitatorSupport(facilitator, deps.config.network, deps.logger);
  }
  const answers = createX402AnswerStore(knex, {
    windowSeconds: deps.config.replayWindowSeconds ?? DEFAULT_REPLAY_WINDOW_SECONDS,
  });
  const keys = createKeyResolver(knex);
  const ledger = createAccountLedger({
    knex,
    store: deps.store,
    logger: deps.logger,
    freeCallsPerMonth: deps.config.freeCallsPerMonth,
    now: deps.now,
  });
  const middleware = payment({
    config: deps.config,
    nonces: createNonceStore(knex),
    facilitator,
    ledger,
    keys,
    answers,
    keyOnlyRouteIds: deps.routes.filter((r) => r.keyOnly).map((r) => r.id),
    baseUrl: deps.baseUrl,
    now: deps.now,
  });
  return {
    ledger,
    paymentFor: () => middleware,
    keyedCreditHeaders: keyedCreditHeaders({ keys, ledger }),
    keepSettledAnswers: keepSettledAnswers(answers),
    // Keys issued or revoked here take effect at once in this process: the resolver is told, not only the
    // projection (keyResolver.ts says how long another process takes).
    account: {
      accountOf: (key) => keys.resolve(key),
      // The calls this process answered from a lease are appended first, so that the account shows them.
      load: async (accountId) => {
        await ledger.settle(accountId);
        return loadAccount(knex, deps.store, accountId);
      },
      freeCallsPerMonth: deps.config.freeCallsPerMonth,
      accountUrl: deps.config.accountUrl,
      now: deps.now,
      async open() {
        const opened = await openAccount(deps.store, { source: 'compte', now: deps.now?.() });
        keys.remember(opened.keyHash, opened.accountId);
        return opened;
      },
      recentCalls: async (accountId) => {
        await ledger.settle(accountId);
        return recentCalls(deps.store, accountId);
      },
      dailyUsage: async (accountId) => {
        await ledger.settle(accountId);
        return dailyUsage(knex, accountId, deps.now?.() ?? new Date());
      },
      async issueKey(accountId) {
        const issued = await issueKey(deps.store, accountId, deps.now?.());
        if (!issued.ok) return null;
        keys.remember(issued.issued.keyHash, accountId);
        return issued.issued;
      },
      async revokeKey(accountId, keyHash) {
        const revoked = await revokeKey(knex, deps.store, accountId, keyHash, deps.now?.());
        if (revoked.ok) keys.forget(keyHash);
        return revoked;
      },
    } satisfies AccountDesk,
  };
}

/**
 * Each request's snapshot session. Its state comes from the cache; after the rows are read it is confirmed
 * (one version per answer). Where this process applies the log and the routes read the database it writes
 * (`sameDatabase`: no replica), the runner knows every change of snapshot state it commits: a state read
 * while no such commit was under way, and still no commit under way nor made when the rows are read, holds
 * without asking the database. Anywhere else (an `--role api` or standing-by process, a replica, a commit
 * under way) the state is read again from the database and compared.
 */
function snapshotSessionsOf(
  cached: SnapshotReader,
  fresh: SnapshotReader,
  runner: ProjectionRunner,
  sameDatabase: boolean,
): SnapshotSessions {
  const rereading = rereadingSessions(cached, fresh);
  if (!sameDatabase) return rereading;
  const stableFingerprint = () =>
    runner.mode() === 'active' && !runner.snapshotCommitting() ? runner.snapshotFingerprint() : null;
  return () => {
    const session = rereading();
    const openedAt = stableFingerprint();
    const openedTime = Date.now();
    return {
      read: session.read,
      async confirm() {
        // Within the cache's own age bound: a writer outside this process (a rebuild from the command line) is
        // only ever seen by reading the database.
        const recent = Date.now() - openedTime < CONFIRM_WITHOUT_READ_MS;
        if (openedAt !== null && recent && stableFingerprint() === openedAt) return true;
        return session.confirm();
      },
    };
  };
}

/** How long a request may take and still be confirmed from the runner's knowledge alone. */
const CONFIRM_WITHOUT_READ_MS = 1000;
