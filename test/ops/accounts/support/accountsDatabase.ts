import { paymentMigrations } from '../../../../api/payment/nonceStore.ts';
import { runMigrations } from '../../../../ops/database/migrations.ts';
import type { Database } from '../../../../ops/database/openDatabase.ts';
import type { EventStore } from '../../../../ops/eventstore/port.ts';
import { createPostgresEventStore, eventStoreMigrations } from '../../../../ops/eventstore/postgres/index.ts';
import { accountsProjection } from '../../../../projections/accounts/accountsProjection.ts';
import {
  createProjectionRunner,
  type ProjectionRunner,
} from '../../../../projections/core/projectionRunner.ts';
import { projectionMigrationsFor } from '../../../../projections/core/schema.ts';
import { freshDatabase, testLogger } from '../../../support/database.ts';

export interface AccountsDatabase {
  db: Database;
  store: EventStore;
  runner: ProjectionRunner;
  /** Brings the accounts projection up to the head of the log through the projection runner. */
  project(): Promise<void>;
  close(): Promise<void>;
}

/** A fresh database with the event log, the nonce table and the accounts projection's tables. */
export async function openAccountsDatabase(): Promise<AccountsDatabase> {
  const db = await freshDatabase({ poolMax: 10 });
  await runMigrations(db.knex, [
    ...eventStoreMigrations,
    ...paymentMigrations,
    ...projectionMigrationsFor([accountsProjection]),
  ]);
  const store = createPostgresEventStore({
    knex: db.knex,
    notifications: db.notifications,
    logger: testLogger,
  });
  const runner = createProjectionRunner({
    knex: db.knex,
    eventStore: store,
    logger: testLogger,
    projections: [accountsProjection],
  });
  return {
    db,
    store,
    runner,
    project: () => runner.catchUp(),
    close: async () => {
      await runner.stop();
      await db.close();
    },
  };
}
