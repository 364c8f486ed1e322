import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadPaymentConfig } from '../../api/payment/paymentConfig.ts';
import { ENTREPRISE_ROUTES } from '../../api/routes/entreprise.ts';
import { composeService, type Service } from '../../app/server/composeService.ts';
import type { Config } from '../../ops/config.ts';
import type { Database } from '../../ops/database/openDatabase.ts';
import type { Logger } from '../../ops/logger.ts';
import type { BenchDatabase } from '../core/openBenchDatabase.ts';
import { SIRENE_READ_MODELS } from './sireneReadModels.ts';

/**
 * The service as `serve` composes it (validation, key payment, freshness, envelope, Ed25519 signature,
 * served log), with every Sirene read model (sireneReadModels.ts) and the company routes, on the bench's own
 * schema. Keys only: x402 needs a facilitator, which a benchmark must not call. `paid: false` serves the
 * priced routes unpaid (diagnostic).
 */
export async function startSireneService(
  db: BenchDatabase,
  config: Config,
  logger: Logger,
  opts: { paid: boolean } = { paid: true },
): Promise<{ service: Service; port: number; close(): Promise<void> }> {
  const database: Database = {
    kind: db.label === 'postgres' ? 'postgres' : 'embedded',
    url: db.url,
    displayUrl: db.displayUrl,
    knex: db.knex,
    notifications: db.notifications,
    close: async () => {},
  };
  // A signing key of its own, generated under a temporary directory: never the user's ./data.
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-bench-sirene-'));
  const service = await composeService(database, { ...config, dataDir, signingKeyFile: null }, logger, {
    projections: SIRENE_READ_MODELS,
    routes: ENTREPRISE_ROUTES,
    payment: opts.paid ? { ...loadPaymentConfig({}), payTo: null } : false,
    // One key and one address send thousands of requests a second here: the limits would answer 429.
    rateLimits: false,
  });
  const port = await service.listen(0, '127.0.0.1');
  let closing: Promise<void> | null = null;
  return {
    service,
    port,
    /** Stops the service and removes its key; a second call waits for the first. */
    close() {
      closing ??= service.close().then(() => fs.rm(dataDir, { recursive: true, force: true }));
      return closing;
    },
  };
}
