import { EventEmitter } from 'node:events';
import { expect } from 'chai';
import { runMigrations } from '../../../ops/database/migrations.ts';
import { createEmitterNotificationSource } from '../../../ops/database/notifications.ts';
import type { RecordedEvent } from '../../../ops/eventstore/port.ts';
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

/** A store on a fresh, migrated database (its database is closed by the caller). */
async function migratedStore() {
  const db = await freshDatabase();
  await runMigrations(db.knex, eventStoreMigrations);
  const store = createPostgresEventStore({
    knex: db.knex,
    notifications: db.notifications,
    logger: testLogger,
  });
  return { db, store };
}

/** A fresh store whose subscribers' wake-ups are delivered by hand, so the test decides when they arrive. */
async function storeWithHandWakes() {
  const { db, store } = await migratedStore();
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

describe(`PostgreSQL adapter on ${targetDescription}: subscribers with a filter`, () => {
  const wanted = (e: RecordedEvent) => {
    const data = e.data as { register?: string; kind?: string };
    return e.type === 'Snap' || (e.type === 'Entity' && data.register === 'r' && data.kind === 'a');
  };
  const filter = {
    types: new Set(['Snap', 'Entity']),
    entities: { types: ['Entity'], of: [{ register: 'r', kind: 'a' }] },
  };

  it('delivers only the wanted types and entity kinds, in order, and moves past the rest to the head', async () => {
    const { db, store } = await storeWithHandWakes();
    try {
      const kinds = ['b', 'b', 'b', 'b', 'a', 'b', 'b', 'b', 'b', 'b', 'b', 'a', 'a'];
      await store.append('snap', [{ type: 'Snap', data: { register: 'r' } }], 'any');
      await store.appendBulk(
        kinds.map((kind, i) => ({
          streamId: `e-${i}`,
          events: [{ type: 'Entity', data: { register: 'r', kind, i } }],
        })),
      );
      await store.append('other', [{ type: 'Other', data: { register: 'r', kind: 'a' } }], 'any');
      await store.append('e-x', [{ type: 'Entity', data: { register: 'q', kind: 'a' } }], 'any');
      const head = await store.headPosition();
      const delivered: RecordedEvent[] = [];
      const skipped: bigint[] = [];
      const sub = store.subscribe({
        from: 0n,
        batchSize: 3,
        ...filter,
        onEvents: async (events) => void delivered.push(...events),
        onSkipped: (p) => void skipped.push(p),
      });
      await sub.reached(head);
      await sub.stop();
      const all = await store.readAll(0n, { limit: 100 });
      expect(delivered.map((e) => e.position)).to.deep.equal(all.filter(wanted).map((e) => e.position));
      expect(delivered).to.have.length(4);
      expect(sub.position).to.equal(head);
      expect(skipped.at(-1)).to.equal(head);
    } finally {
      await db.close();
    }
  });

  it('beside concurrent writers, delivers every wanted event exactly once and in log order', async () => {
    const { db, store } = await storeWithHandWakes();
    try {
      const delivered: bigint[] = [];
      const sub = store.subscribe({
        from: 0n,
        batchSize: 7,
        ...filter,
        onEvents: async (events) => void delivered.push(...events.map((e) => e.position)),
      });
      await Promise.all(
        Array.from({ length: 5 }, async (_, w) => {
          for (let i = 0; i < 30; i++) {
            const kind = (w + i) % 3 === 0 ? 'a' : 'b';
            const event = { type: i % 7 === 0 ? 'Other' : 'Entity', data: { register: 'r', kind, w, i } };
            if (i % 5 === 0) await store.appendBulk([{ streamId: `w${w}-${i}`, events: [event, event] }]);
            else await store.append(`w${w}`, [event], 'any');
          }
        }),
      );
      await sub.reached(await store.headPosition());
      await sub.stop();
      const all = await store.readAll(0n, { limit: 10_000 });
      expect(delivered).to.deep.equal(all.filter(wanted).map((e) => e.position));
      expect(delivered.length).to.be.greaterThan(20);
    } finally {
      await db.close();
    }
  });
});

describe(`PostgreSQL adapter on ${targetDescription}: the time an event was recorded`, () => {
  it('is the stored instant to the millisecond, as the driver reads the column, through every read', async () => {
    const db = await freshDatabase();
    try {
      await runMigrations(db.knex, eventStoreMigrations);
      const store = createPostgresEventStore({
        knex: db.knex,
        notifications: db.notifications,
        logger: testLogger,
      });
      await store.append('test.clock-1', [{ type: 'T', data: {} }], 'no_stream');
      // Microseconds just short of the next millisecond: read as a Date, the instant is truncated, not rounded.
      await db.knex.raw("update events set recorded_at = '2026-11-28T01:02:03.999999Z'");
      const { rows } = await db.knex.raw<{ rows: { recorded_at: Date }[] }>('select recorded_at from events');
      const [inStream] = await store.readStream('test.clock-1');
      const [inLog] = await store.readAll(0n);
      expect(rows[0]!.recorded_at.toISOString()).to.equal('2026-11-28T01:02:03.999Z');
      expect(inStream!.recordedAt.toISOString()).to.equal('2026-11-28T01:02:03.999Z');
      expect(inLog!.recordedAt.toISOString()).to.equal('2026-11-28T01:02:03.999Z');
    } finally {
      await db.close();
    }
  });
});

describe(`PostgreSQL adapter on ${targetDescription}: a bulk append's text`, () => {
  it('reads back every character of small and large batches: quotes, backslashes, question marks, accents', async () => {
    const { db, store } = await migratedStore();
    try {
      const awkward = `l'« état » "cité" \\ \\\\ ?? $1 \\u003Fé€𝄞 E'x' \n\t`;
      // A few small events (written into the statement on the embedded database) and one over 64 KiB (bound).
      const small = [0, 1].map((i) => ({
        streamId: `s-"${i}"\\${awkward.slice(0, 8)}`,
        events: [{ type: `T"${i}"?`, data: { text: awkward, i }, metadata: { note: awkward } }],
      }));
      const large = [{ streamId: 'big', events: [{ type: 'Big', data: { text: awkward.repeat(2000) } }] }];
      await store.appendBulk(small);
      await store.appendBulk(large);
      const read = await store.readAll(0n, { limit: 10 });
      expect(read.map((e) => [e.streamId, e.type, e.data, e.metadata])).to.deep.equal([
        ...small.map((s) => [s.streamId, s.events[0]!.type, s.events[0]!.data, s.events[0]!.metadata]),
        ['big', 'Big', large[0]!.events[0]!.data, {}],
      ]);
    } finally {
      await db.close();
    }
  });
});
