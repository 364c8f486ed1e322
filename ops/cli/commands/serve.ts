import { openDatabase } from '../../database/openDatabase.ts';
import { composeService } from '../../server/composeService.ts';
import { demoDataWanted, seedDemoData } from '../../server/seedDemoData.ts';
import type { CliCommand } from '../context.ts';

/** `serve`: the API over the embedded database (or DATABASE_URL), projections running, until SIGINT/SIGTERM. */
export const serveCommand: CliCommand = async (_argv, ctx) => {
  const { config, logger } = ctx;
  const db = await openDatabase(config, logger);
  const where =
    db.kind === 'postgres'
      ? `PostgreSQL server ${db.displayUrl}`
      : db.kind === 'embedded'
        ? `embedded PostgreSQL (PGlite) in ${config.dataDir}, socket ${db.displayUrl}`
        : `embedded PostgreSQL (PGlite) owned by another process, through its socket ${db.displayUrl}`;
  ctx.out(`Database: ${where}`);
  const service = await composeService(db, config, logger);
  if (demoDataWanted(db)) {
    const seeded = await seedDemoData(db, service.store, logger);
    if (seeded.length > 0)
      ctx.out(`Demo data: ${seeded.join(', ')} (real-format samples; DEMO_DATA=0 to skip)`);
  }
  const port = await service.listen(config.port);
  await service.runner.caughtUp();
  ctx.out(`Listening: http://localhost:${port} (PORT=${config.port})`);
  ctx.out(`Signing key id: ${service.signer.keyId} (public keys at /.well-known/jwks.json)`);
  ctx.out(`Routes: GET /v1/catalogue · OpenAPI: GET /openapi.json · health: GET /health`);
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      logger.info({ signal }, 'shutting down');
      resolve();
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  await service.close();
  await db.close();
  return 0;
};
