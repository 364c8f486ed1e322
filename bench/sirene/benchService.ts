import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadPaymentConfig } from '../../api/payment/paymentConfig.ts';
import { ENTREPRISE_ROUTES } from '../../api/routes/entreprise.ts';
import { composeService, type Service } from '../../app/server/composeService.ts';
import type { Config } from '../../ops/config.ts';
import type { Database } from '../../ops/database/openDatabase.ts';
import type { Logger } from '../../ops/logger.ts';
import { etablissementsProjection } from '../../projections/fr-sirene-etablissements/etablissementsProjection.ts';
import { unitesLegalesProjection } from '../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import type { BenchDatabase } from '../core/openBenchDatabase.ts';

/**
 * The service as `serve` composes it (validation, key payment, freshness, envelope, Ed25519 signature,
 * served log), with the Sirene read models and routes, on the bench's own schema. Keys only: x402 needs
 * a facilitator, which a benchmark must not call. `paid: false` serves the priced routes unpaid (diagnostic).
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
    projections: [unitesLegalesProjection, etablissementsProjection],
    routes: ENTREPRISE_ROUTES,
    payment: opts.paid ? { ...loadPaymentConfig({}), payTo: null } : false,
    // One key and one address send thousands of requests a second here: the limits would answer 429.
    rateLimits: false,
  });
  const port = await service.listen(0, '127.0.0.1');
  return {
    service,
    port,
    async close() {
      await service.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
