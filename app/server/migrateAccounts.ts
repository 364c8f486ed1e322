import type { Knex } from 'knex';
import { runMigrations } from '../../ops/database/migrations.ts';
import { eventStoreMigrations } from '../../ops/eventstore/postgres/index.ts';
import { accountsProjection } from '../../projections/accounts/accountsProjection.ts';
import { projectionMigrationsFor } from '../../projections/core/schema.ts';

/**
 * The part of the schema the accounts need (the event log, the projection runner's tables, the accounts read
 * model): what the `keys` commands migrate, so that they load no register. Names are migrateAll's, so the
 * server's full run later applies only the rest.
 */
export async function migrateAccounts(knex: Knex): Promise<void> {
  await runMigrations(knex, [...eventStoreMigrations, ...projectionMigrationsFor([accountsProjection])]);
}
