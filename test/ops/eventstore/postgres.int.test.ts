import { EventEmitter } from 'node:events';
import { expect } from 'chai';
import { runMigrations } from '../../../ops/database/migrations.ts';
import { createEmitterNotificationSource } from '../../../ops/database/notifications.ts';
import { createPostgresEventStore, eventStoreMigrations } from '../../../ops/eventstore/postgres/index.ts';
import { EVENTS_CHANNEL } from '../../../ops/eventstore/postgres/schema.ts';
import { subscribe } from '../../../ops/eventstore/postgres/subscribe.ts';
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

/** A fresh store whose subscribers' wake-ups are delivered by hand, so the test decides when they arrive. */
async function storeWithHandWakes() {
  const db = await freshDatabase();
  await runMigrations(db.knex, eventStoreMigrations);
  const store = createPostgresEventStore({
    knex: db.knex,
    notifications: db.notifications,
    logger: testLogger,
  });
  const wakes = new EventEmitter();
  const notifications = createEmitterNotificationSource(wakes, async () => {});
  const schema = (await db.knex.raw('select current_schema() as s')).rows[0].s as string;
  return { db, store, wakes, notifications, schema };
}

describe(`PostgreSQL adapter on ${targetDescription}: subscribers with event types`, () => {
  it('passes over an append of other types without a read, and still delivers the next wanted event', async () => {
    const { db, store, wakes, notifications, schema } = await storeWithHandWakes();
    try {
      const delivered: string[] = [];
      const skipped: bigint[] = [];
      await store.append('s-0', [{ type: 'Wanted', data: { n: 0 } }], 'any');
      const sub = subscribe(db.knex, notifications, testLogger, {
        from: 0n,
        types: new Set(['Wanted']),
        onEvents: async (events) => void delivered.push(...events.map((e) => e.type)),
        onSkipped: (p) => void skipped.push(p),
      });
      await sub.reached(await store.headPosition());
      const other = await store.append('s-1', [{ type: 'Other', data: {} }], 'any');
      if (!other.ok) throw new Error('append failed');
      wakes.emit(EVENTS_CHANNEL, `${schema} ${other.lastPosition} ${other.lastPosition} Other`);
      expect(skipped).to.deep.equal([other.lastPosition]);
      expect(sub.position).to.equal(other.lastPosition);
      const wanted = await store.append('s-2', [{ type: 'Wanted', data: { n: 1 } }], 'any');
      if (!wanted.ok) throw new Error('append failed');
      wakes.emit(EVENTS_CHANNEL, `${schema} ${wanted.lastPosition} ${wanted.lastPosition} Wanted`);
      await sub.reached(wanted.lastPosition);
      await sub.stop();
      expect(delivered).to.deep.equal(['Wanted', 'Wanted']);
    } finally {
      await db.close();
    }
  });
});

describe(`PostgreSQL adapter on ${targetDescription}: subscribers that let appends gather`, () => {
  const GATHER_MS = 120_000;

  async function gathering() {
    const { db, store, wakes, notifications, schema } = await storeWithHandWakes();
    const batches: string[][] = [];
    let delivered: (() => void) | null = null;
    await store.append('s-0', [{ type: 'Charged', data: { n: 0 } }], 'any');
    const sub = subscribe(db.knex, notifications, testLogger, {
      from: 0n,
      types: new Set(['Charged', 'KeyIssued']),
      // Longer than the test's own timeout: only an urgent read ends the wait within a passing test.
      coalesce: { ms: GATHER_MS, types: new Set(['Charged']) },
      onEvents: async (events) => {
        batches.push(events.map((e) => e.type));
        delivered?.();
      },
    });
    await sub.reached(await store.headPosition());
    const append = async (type: string) => {
      const r = await store.append(`s-${type}-${batches.length}`, [{ type, data: {} }], 'any');
      if (!r.ok) throw new Error('append failed');
      wakes.emit(EVENTS_CHANNEL, `${schema} ${r.lastPosition} ${r.lastPosition} ${type}`);
      return r.lastPosition;
    };
    /** Resolves at the next batch handed to the subscriber. */
    const nextBatch = () =>
      new Promise<void>((resolve) => {
        delivered = resolve;
      });
    return { db, sub, batches, append, nextBatch };
  }

  it('reads the appends that gathered as one batch once somebody waits', async () => {
    const { db, sub, batches, append } = await gathering();
    try {
      await append('Charged');
      await append('Charged');
      const last = await append('Charged');
      await sub.reached(last);
      expect(batches).to.deep.equal([['Charged'], ['Charged', 'Charged', 'Charged']]);
      await sub.stop();
    } finally {
      await db.close();
    }
  });

  it('reads at once an append holding a type that may not wait', async () => {
    const { db, sub, batches, append, nextBatch } = await gathering();
    try {
      const read = nextBatch();
      await append('Charged');
      await append('KeyIssued');
      await read;
      expect(batches).to.deep.equal([['Charged'], ['Charged', 'KeyIssued']]);
      await sub.stop();
    } finally {
      await db.close();
    }
  });

  it('stops at once while appends gather', async () => {
    const { db, sub, append } = await gathering();
    try {
      await append('Charged');
      const started = Date.now();
      await sub.stop();
      expect(Date.now() - started).to.be.below(GATHER_MS);
    } finally {
      await db.close();
    }
  });
});
