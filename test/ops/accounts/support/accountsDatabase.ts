import { paymentMigrations } from '../../../../api/payment/nonceStore.ts';
import { runMigrations } from '../../../../ops/database/migrations.ts';
import type { Database } from '../../../../ops/database/openDatabase.ts';
import type { EventStore } from '../../../../ops/eventstore/port.ts';
import { createPostgresEventStore, eventStoreMigrations } from '../../../../ops/eventstore/postgres/index.ts';
import { accountsProjection } from '../../../../projections/accounts/accountsProjection.ts';
import { freshDatabase, testLogger } from '../../../support/database.ts';

export interface AccountsDatabase {
  db: Database;
  store: EventStore;
  /** Applies every event not yet applied to the accounts projection, as the runner would (one transaction). */
  project(): Promise<void>;
  close(): Promise<void>;
}

/** A fresh database with the event log, the nonce table and the accounts projection's tables. */
export async function openAccountsDatabase(): Promise<AccountsDatabase> {
  const db = await freshDatabase({ poolMax: 10 });
  await runMigrations(db.knex, [
    ...eventStoreMigrations,
    ...paymentMigrations,
    ...accountsProjection.migrations,
  ]);
  const store = createPostgresEventStore({
    knex: db.knex,
    notifications: db.notifications,
    logger: testLogger,
  });
  let position = 0n;
  return {
    db,
    store,
    async project() {
      const events = await store.readAll(position);
      if (events.length === 0) return;
      await db.knex.transaction(async (trx) => {
        for (const event of events) await accountsProjection.handlers[event.type]?.(trx, event);
      });
      position = events[events.length - 1]!.position;
    },
    close: () => db.close(),
  };
}
