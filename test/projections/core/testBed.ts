import type { Knex } from 'knex';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { Database } from '../../../ops/database/openDatabase.ts';
import type { EventStore, NewEvent, RecordedEvent } from '../../../ops/eventstore/port.ts';
import { createPostgresEventStore, eventStoreMigrations } from '../../../ops/eventstore/postgres/index.ts';
import type { Projection } from '../../../projections/core/projection.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../../projections/core/projectionRunner.ts';
import type { ProjectorLock } from '../../../projections/core/projectorLock.ts';
import { projectionMigrationsFor } from '../../../projections/core/schema.ts';
import {
  SNAPSHOT_ABANDONED,
  SNAPSHOT_COMPLETED,
  SNAPSHOT_STARTED,
  snapshotStreamId,
} from '../../../schemas/events/snapshotEvents.ts';
import { freshDatabase, testLogger } from '../../support/database.ts';

/** A fresh database with the event log and the given projections migrated, and runners stopped at close. */
export interface TestBed {
  db: Database;
  knex: Knex;
  store: EventStore;
  runner(opts?: {
    projections?: Projection[];
    eventStore?: EventStore;
    batchSize?: number;
    lock?: ProjectorLock;
    standbyRetryMs?: number;
  }): ProjectionRunner;
  close(): Promise<void>;
}

/** `db`: a database of the suite's own instead of freshDatabase() (closed with the bed). */
export async function openTestBed(projections: Projection[], opts: { db?: Database } = {}): Promise<TestBed> {
  const db = opts.db ?? (await freshDatabase());
  await runMigrations(db.knex, [...eventStoreMigrations, ...projectionMigrationsFor(projections)]);
  const store = createPostgresEventStore({
    knex: db.knex,
    notifications: db.notifications,
    logger: testLogger,
  });
  const runners: ProjectionRunner[] = [];
  return {
    db,
    knex: db.knex,
    store,
    runner(opts = {}) {
      const r = createProjectionRunner({
        knex: db.knex,
        eventStore: opts.eventStore ?? store,
        logger: testLogger,
        projections: opts.projections ?? projections,
        batchSize: opts.batchSize,
        ...(opts.lock ? { lock: opts.lock } : {}),
        ...(opts.standbyRetryMs ? { standbyRetryMs: opts.standbyRetryMs } : {}),
      });
      runners.push(r);
      return r;
    },
    async close() {
      for (const r of runners) await r.stop();
      await db.close();
    },
  };
}

/** Appends `count` EntityRecorded events in ONE append (so a live subscription sees them as one batch). */
export function recordEntities(store: EventStore, count: number, prefix = 'e'): Promise<bigint> {
  const events = Array.from({ length: count }, (_, i) => ({
    type: 'EntityRecorded',
    data: { id: `${prefix}${i}`, name: `Entity ${prefix}${i}` },
  }));
  return appendAll(store, `test.reg-${prefix}`, events);
}

export async function appendAll(store: EventStore, streamId: string, events: NewEvent[]): Promise<bigint> {
  const r = await store.append(streamId, events, 'any');
  if (!r.ok) throw new Error(r.message);
  return r.lastPosition;
}

const sha = (version: string) => version.replaceAll('-', '').padEnd(64, 'a');

export function snapshotStarted(register: string, version: string): NewEvent {
  return {
    type: SNAPSHOT_STARTED,
    data: {
      register,
      version,
      snapshotDate: version,
      fileSha256: sha(version),
      startedAt: `${version}T06:00:00.000Z`,
    },
  };
}

export function snapshotCompleted(
  register: string,
  version: string,
  counts = { rows: 1, recorded: 1, changed: 0, dropped: 0, unchanged: 0 },
): NewEvent {
  return {
    type: SNAPSHOT_COMPLETED,
    data: {
      register,
      version,
      snapshotDate: version,
      fileSha256: sha(version),
      startedAt: `${version}T06:00:00.000Z`,
      completedAt: `${version}T07:30:00.000Z`,
      counts,
    },
  };
}

export function snapshotAbandoned(register: string, version: string): NewEvent {
  return {
    type: SNAPSHOT_ABANDONED,
    data: { register, version, reason: 'interrupted', abandonedAt: `${version}T08:00:00.000Z` },
  };
}

export function appendSnapshotEvents(
  store: EventStore,
  register: string,
  events: NewEvent[],
): Promise<bigint> {
  return appendAll(store, snapshotStreamId(register), events);
}

/** Rejection of a promise, or null when it resolved: for asserting on expected failures. */
export function failureOf(p: Promise<unknown>): Promise<Error | null> {
  return p.then(
    () => null,
    (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
  );
}

export function expectedSha(version: string): string {
  return sha(version);
}

/** Records every application of an event, so a test can prove each one was applied exactly once. */
export function countingProjection(
  name: string,
  opts: { failOnce?: (event: RecordedEvent) => boolean } = {},
) {
  const failed = new Set<bigint>();
  const projection: Projection = {
    name,
    registers: [],
    tables: [`${name}_applied`],
    migrations: [
      {
        name: `test_${name}_applied`,
        async up(knex) {
          await knex.raw(`create table ${name}_applied (position bigint not null, type text not null)`);
        },
      },
    ],
    handlers: {
      async EntityRecorded(trx, event) {
        if (opts.failOnce?.(event) && !failed.has(event.position)) {
          failed.add(event.position);
          throw new Error('injected crash');
        }
        await trx.raw(`insert into ${name}_applied (position, type) values (?, ?)`, [
          event.position.toString(),
          event.type,
        ]);
      },
    },
  };
  return projection;
}

export async function appliedPositions(knex: Knex, table: string): Promise<bigint[]> {
  const { rows } = await knex.raw<{ rows: { position: string }[] }>(
    `select position from ${table} order by position`,
  );
  return rows.map((r) => BigInt(r.position));
}
