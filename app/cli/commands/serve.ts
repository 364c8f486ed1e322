import type { CliContext } from '../../../ops/commandContext.ts';
import { openDatabase } from '../../../ops/database/openDatabase.ts';
import { EU_LIVE_REGISTERS, FRENCH_LIVE_SOURCES } from '../../readSide.ts';
import { composeService, ServiceStopped } from '../../server/composeService.ts';
import { startLiveReplay } from '../../server/liveReplay.ts';
import { createServiceNotifier } from '../../server/notifierRole.ts';
import { demoDataWanted, seedDemoData } from '../../server/seedDemoData.ts';
import { answers, notifies, projects, type ServiceRole } from '../../server/serviceRole.ts';

/**
 * `serve`: the API over the embedded database (or DATABASE_URL), projections running, until SIGINT/SIGTERM.
 * It listens before it reaches the database: a PostgreSQL server down at start is an outage (503
 * base_indisponible) that heals when the server comes back, not an exit. On SIGINT/SIGTERM it stops accepting,
 * lets running requests finish, flushes the served log and exits 0. During a database outage, the answers the
 * log cannot take are kept on local disk (replayed at the next start); when some cannot be kept either, it
 * exits 1.
 *
 * `role` (serviceRole.ts): `api` never projects, `projector` never listens, `notifier` delivers the watches'
 * webhooks and does neither. On a PostgreSQL server the
 * projections run only in the process holding the projector lock (projectorLock.ts): a second `all` or
 * `projector` process stands by and takes over when the first stops.
 */
export async function serveCommand(
  _argv: string[],
  ctx: CliContext,
  opts: { role?: ServiceRole } = {},
): Promise<number> {
  const { config, logger } = ctx;
  const role = opts.role ?? 'all';
  let requestStop: (signal: string) => void = () => {};
  const stopRequested = new Promise<string>((resolve) => {
    requestStop = resolve;
  });
  process.once('SIGINT', () => requestStop('SIGINT'));
  process.once('SIGTERM', () => requestStop('SIGTERM'));

  const db = await openDatabase(config, logger);
  const where =
    db.kind === 'postgres'
      ? `PostgreSQL server ${db.displayUrl}`
      : db.kind === 'embedded'
        ? `embedded PostgreSQL (PGlite) in ${config.dataDir}, socket ${db.displayUrl}`
        : `embedded PostgreSQL (PGlite) owned by another process, through its socket ${db.displayUrl}`;
  ctx.out(`Database: ${where}`);
  if (db.readDisplayUrl) ctx.out(`Route reads: streaming replica ${db.readDisplayUrl} (DATABASE_READ_URL)`);
  // LIVE_REPLAY=1: the live registers answer from their recorded answers on a local server (offline demo).
  const replay = config.liveReplay
    ? await startLiveReplay([...EU_LIVE_REGISTERS, ...FRENCH_LIVE_SOURCES])
    : null;
  if (replay)
    ctx.out(
      `Live registers: replayed from recorded answers (LIVE_REPLAY=1): ${Object.keys(replay.urls).join(', ')}`,
    );
  const service = await composeService(db, config, logger, {
    deferDatabase: true,
    role,
    exclusiveProjector: true,
    ...(replay ? { liveUrls: replay.urls, liveCredentials: replay.credentials } : {}),
  });
  ctx.out(`Role: ${role}`);
  const notifier = notifies(role) ? createServiceNotifier(service, config, logger) : null;
  if (notifier && config.webhooks.addresses === 'any')
    ctx.out('Webhooks: every address may be reached (WEBHOOK_ADDRESSES=any): tests only');
  if (answers(role)) {
    const port = await service.listen(config.port);
    ctx.out(`Listening: http://localhost:${port} (PORT=${config.port})`);
    ctx.out(`Signing key id: ${service.signer.keyId} (public keys at /.well-known/jwks.json)`);
    ctx.out(`Routes: GET /v1/catalogue · OpenAPI: GET /openapi.json · health: GET /health`);
  }

  // The demo's score model, trained in the background once the service is ready (docs/score.md).
  let demoTraining: Promise<unknown> | null = null;
  const started = (async () => {
    await service.whenDatabaseReady();
    if (projects(role) && demoDataWanted(db)) {
      const seeded = await seedDemoData(db, service.store, logger);
      if (seeded.length > 0)
        ctx.out(`Demo data: ${seeded.join(', ')} (real-format samples; DEMO_DATA=0 to skip)`);
    }
    if (notifier) {
      notifier.start();
      ctx.out("Ready: database reached; delivering the watches' webhooks (--role notifier)");
    } else if (service.runner.mode() === 'active') {
      await service.runner.caughtUp();
      ctx.out('Ready: database reached, projections caught up');
      if (demoDataWanted(db)) demoTraining = trainDemoScoreModel(db, config.dataDir, logger);
    } else if (projects(role)) {
      ctx.out(
        'Ready: database reached; another process runs the projections, this one stands by to take over',
      );
    } else {
      ctx.out('Ready: database reached; the projections run in a projector process (--role projector)');
    }
  })();
  const outcome = await Promise.race([
    stopRequested.then((signal) => ({ signal })),
    started.then(
      () => null,
      (err: unknown) => ({ err }),
    ),
  ]);
  if (outcome && 'err' in outcome && !(outcome.err instanceof ServiceStopped)) {
    await notifier?.stop();
    logger.error({ err: (outcome.err as Error)?.message }, 'start-up failed');
    await service.close({ graceMs: 0 });
    await replay?.close();
    await db.close();
    return 1;
  }
  const signal = outcome && 'signal' in outcome ? outcome.signal : await stopRequested;
  logger.info({ signal }, 'shutting down: draining running requests, flushing the served log');
  await notifier?.stop();
  const { servedAnswersLost } = await service.close();
  await demoTraining;
  await replay?.close();
  started.catch(() => {});
  await db.close();
  if (servedAnswersLost > 0) {
    logger.error({ lost: servedAnswersLost }, 'stopped; signed answers were lost from the served log');
    return 1;
  }
  logger.info('stopped');
  return 0;
}

/** The demo's score model, trained off the start's path; a failure is logged, never a start-up failure. */
async function trainDemoScoreModel(
  db: Awaited<ReturnType<typeof openDatabase>>,
  dataDir: string,
  logger: CliContext['logger'],
): Promise<void> {
  try {
    const { trainDemoModel } = await import('../../score/demoModel.ts');
    await trainDemoModel(db.knex, dataDir, logger);
  } catch (err) {
    logger.warn({ err: (err as Error).message }, 'demo score model: training failed');
  }
}
