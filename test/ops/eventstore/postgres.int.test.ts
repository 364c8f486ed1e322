import { runMigrations } from '../../../ops/database/migrations.ts';
import { createPostgresEventStore, eventStoreMigrations } from '../../../ops/eventstore/postgres/index.ts';
import { freshDatabase, targetDescription, testLogger } from '../../support/database.ts';
import { eventStoreContract } from './eventStoreContract.ts';

eventStoreContract(`PostgreSQL adapter on ${targetDescription}`, async () => {
  const db = await freshDatabase();
  await runMigrations(db.knex, eventStoreMigrations);
  return {
    store: createPostgresEventStore({ knex: db.knex, notifications: db.notifications, logger: testLogger }),
    close: () => db.close(),
  };
});
