import { expect } from 'chai';
import { runMigrations } from '../../../ops/database/migrations.ts';
import { createPostgresEventStore, eventStoreMigrations } from '../../../ops/eventstore/postgres/index.ts';
import { readWindow } from '../../../ops/eventstore/postgres/readAll.ts';
import { freshDatabase, targetDescription, testLogger } from '../../support/database.ts';

describe(`PostgreSQL adapter on ${targetDescription}: reads weighted by event type`, () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;

  before(async () => {
    db = await freshDatabase();
    await runMigrations(db.knex, eventStoreMigrations);
    const store = createPostgresEventStore({
      knex: db.knex,
      notifications: db.notifications,
      logger: testLogger,
    });
    // Positions 1-3: rows; 4-5: two blocks; 6-8: rows.
    const append = (type: string, n: number) =>
      store.append(
        's',
        Array.from({ length: n }, (_, i) => ({ type, data: { i } })),
        'any',
      );
    await append('Row', 3);
    await append('Block', 2);
    await append('Row', 3);
  });
  after(() => db.close());

  const types = new Set(['Row', 'Block']);
  const read = (from: bigint, limit: number) =>
    readWindow(db.knex, from, limit, { types, weights: { Block: 10 } }, undefined);

  it('cuts a window once the weights before an event reach the limit, and says more follows', async () => {
    const w = await read(0n, 5);
    expect(w.batch.map((e) => e.position)).to.deep.equal([1n, 2n, 3n, 4n]);
    expect(w.scannedTo).to.equal(4n);
    expect(w.full).to.equal(true);
  });

  it('reads one heavy event alone, whatever its weight', async () => {
    const w = await read(3n, 5);
    expect(w.batch.map((e) => e.position)).to.deep.equal([4n]);
    expect(w.full).to.equal(true);
  });

  it('reads to the head as before when the weights stay under the limit', async () => {
    const w = await read(5n, 5);
    expect(w.batch.map((e) => e.position)).to.deep.equal([6n, 7n, 8n]);
    expect(w.scannedTo).to.equal(8n);
    expect(w.full).to.equal(false);
  });

  it('weighs nothing without weights: the window is the limit’s positions', async () => {
    const w = await readWindow(db.knex, 0n, 5, { types }, undefined);
    expect(w.batch.map((e) => e.position)).to.deep.equal([1n, 2n, 3n, 4n, 5n]);
  });
});
