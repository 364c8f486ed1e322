import type { Knex } from 'knex';
import { paymentMigrations } from '../../api/payment/nonceStore.ts';
import { liveBytesCacheMigrations } from '../../ingest/core/liveBytesCache.ts';
import { snapshotPassMigrations } from '../../ingest/core/snapshotPass.ts';
import { type Migration, runMigrations } from '../../ops/database/migrations.ts';
import { eventStoreMigrations } from '../../ops/eventstore/postgres/index.ts';
import type { Projection } from '../../projections/core/projection.ts';
import { projectionMigrationsFor } from '../../projections/core/schema.ts';
import { notifierMigrations } from '../notifier/notifierSchema.ts';

/**
 * The whole schema, in order: event log, payment nonces, ingestion digests, the live documents' bytes cache, the webhook notifier's
 * queue, projection runner, then each
 * projection's tables. `exclusive`: one process at a time on a shared server (runMigrations).
 */
export async function migrateAll(
  knex: Knex,
  projections: readonly Projection[],
  opts: { exclusive?: boolean } = {},
): Promise<string[]> {
  return runMigrations(knex, schemaMigrations(projections), opts);
}

/** The migrations migrateAll runs for these projections, in its order. */
export function schemaMigrations(projections: readonly Projection[]): Migration[] {
  return [
    ...eventStoreMigrations,
    ...paymentMigrations,
    ...snapshotPassMigrations,
    ...liveBytesCacheMigrations,
    ...notifierMigrations,
    ...projectionMigrationsFor(projections),
  ];
}
