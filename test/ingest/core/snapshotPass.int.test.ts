import { expect } from 'chai';
import { digestOf, snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import { entityHandlers } from '../../../projections/core/entityHandlers.ts';
import type { Projection } from '../../../projections/core/projection.ts';
import type { ProjectionRunner } from '../../../projections/core/projectionRunner.ts';
import { readSnapshotStates } from '../../../projections/core/snapshotState.ts';
import { ENTITY_CHANGED, ENTITY_DROPPED, ENTITY_RECORDED } from '../../../schemas/events/entityEvents.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { targetDescription } from '../../support/database.ts';
import { thingPasses } from './support/thingPasses.ts';

const REGISTER = 'test.things';

const things: Projection = {
  name: 'test-things',
  registers: [REGISTER],
  tables: ['test_things'],
  migrations: [
    {
      name: '9100_test_things',
      async up(knex) {
        await knex.raw('create table test_things (id text primary key, name text not null)');
      },
    },
  ],
  ...entityHandlers([
    {
      register: REGISTER,
      kind: 'thing',
      async upsert(trx, data) {
        await trx.raw(
          'insert into test_things (id, name) values (?, ?) on conflict (id) do update set name = excluded.name',
          [data.id, String(data.record.name)],
        );
      },
      async drop(trx, data) {
        await trx.raw('delete from test_things where id = ?', [data.id]);
      },
    },
  ]),
};

describe(`Snapshot pass (${targetDescription})`, () => {
  let bed: TestBed;
  let runner: ProjectionRunner;

  beforeEach(async () => {
    bed = await openTestBed([things]);
    await runMigrations(bed.knex, snapshotPassMigrations);
    runner = bed.runner();
    await runner.start();
  });
  afterEach(() => bed.close());

  const pass = thingPasses(() => bed, REGISTER, { batchSize: 2 });
  const table = async () =>
    (await bed.knex.raw('select id, name from test_things order by id')).rows as {
      id: string;
      name: string;
    }[];
  const entityEventTypes = async (from: bigint) =>
    (await bed.store.readAll(from)).map((e) => e.type).filter((t) => t.startsWith('Entity'));
  const current = async () =>
    (await readSnapshotStates(bed.knex, { projections: [things.name], registers: [REGISTER] }))[0]?.current
      ?.version ?? null;

  const V1: [string, string][] = [
    ['001', 'Alpha'],
    ['002', 'Beta'],
    ['003', 'Gamma'],
  ];

  it('records every row of a first pass and publishes it when complete', async () => {
    const done = await pass('2026-10-01', V1);
    expect(done.counts).to.deep.equal({ rows: 3, recorded: 3, changed: 0, dropped: 0, unchanged: 0 });
    await runner.catchUp();
    expect(await table()).to.deep.equal(V1.map(([id, name]) => ({ id, name })));
    expect(await current()).to.equal('2026-10-01');
  });

  it('a pass that wrote leaves the digests and the log analysed, without autovacuum', async () => {
    const plannedRows = async (table: string) =>
      Number(
        (await bed.knex.raw('select reltuples from pg_class where oid = to_regclass(?)', [table])).rows[0]
          ?.reltuples,
      );
    await pass('2026-10-01', V1);
    expect(await plannedRows('ingest_digests')).to.equal(3);
    expect(await plannedRows('events')).to.be.at.least(3);
  });

  it('emits no entity event when the same file is ingested again', async () => {
    await pass('2026-10-01', V1);
    const head = await bed.store.headPosition();
    const done = await pass('2026-10-01', V1);
    expect(done.counts).to.include({ rows: 3, recorded: 0, changed: 0, dropped: 0, unchanged: 3 });
    expect(await entityEventTypes(head)).to.deep.equal([]);
  });

  it('emits only what changed: a changed row, a new row, a row gone', async () => {
    await pass('2026-10-01', V1);
    const head = await bed.store.headPosition();
    const done = await pass('2026-11-01', [
      ['001', 'Alpha'],
      ['002', 'Beta bis'],
      ['004', 'Delta'],
    ]);
    expect(done.counts).to.deep.equal({ rows: 3, recorded: 1, changed: 1, dropped: 1, unchanged: 1 });
    expect((await entityEventTypes(head)).sort()).to.deep.equal(
      [ENTITY_CHANGED, ENTITY_DROPPED, ENTITY_RECORDED].sort(),
    );
    await runner.catchUp();
    expect(await table()).to.deep.equal([
      { id: '001', name: 'Alpha' },
      { id: '002', name: 'Beta bis' },
      { id: '004', name: 'Delta' },
    ]);
  });

  it('finds what changed in a file whose rows are not in key order', async () => {
    await pass('2026-10-01', V1);
    const done = await pass('2026-11-01', [
      ['002', 'Beta'],
      ['001', 'Alpha bis'],
      ['004', 'Delta'],
    ]);
    expect(done.counts).to.deep.equal({ rows: 3, recorded: 1, changed: 1, dropped: 1, unchanged: 1 });
    await runner.catchUp();
    expect(await table()).to.deep.equal([
      { id: '001', name: 'Alpha bis' },
      { id: '002', name: 'Beta' },
      { id: '004', name: 'Delta' },
    ]);
  });

  /** What the passes after an interrupted or abandoned one read: the second row gone. */
  const ALPHA_GAMMA: [string, string][] = [
    ['001', 'Alpha'],
    ['003', 'Gamma'],
  ];

  it('an interrupted pass leaves the previous snapshot served, rows included', async () => {
    await pass('2026-10-01', V1);
    await runner.catchUp();
    const changed: [string, string][] = [
      ['001', 'Alpha 2'],
      ['002', 'Beta 2'],
      ['003', 'Gamma 2'],
    ];
    let failure: unknown = null;
    await pass('2026-11-01', changed, { failAfter: 2 }).catch((err) => {
      failure = err;
    });
    expect(failure).to.be.instanceOf(Error);
    await runner.catchUp();
    expect(await table()).to.deep.equal(V1.map(([id, name]) => ({ id, name })));
    expect(await current()).to.equal('2026-10-01');
  });

  it('a pass after an interrupted one completes cleanly against the last completed pass', async () => {
    await pass('2026-10-01', V1);
    const halfWritten: [string, string][] = [
      ['001', 'Half-written'],
      ['002', 'Never read'],
    ];
    await pass('2026-11-01', halfWritten, { failAfter: 1, batchSize: 1 }).catch(() => {});
    const done = await pass('2026-11-02', ALPHA_GAMMA);
    expect(done.counts).to.deep.equal({ rows: 2, recorded: 0, changed: 0, dropped: 1, unchanged: 2 });
    await runner.catchUp();
    expect(await table()).to.deep.equal(ALPHA_GAMMA.map(([id, name]) => ({ id, name })));
    expect(await current()).to.equal('2026-11-02');
  });

  it('a first pass after an abandoned first pass drops what only the abandoned one read, once', async () => {
    const abandoned: [string, string][] = [
      ['001', 'Alpha'],
      ['002', 'Read once'],
      ['003', 'Never read'],
    ];
    await pass('2026-10-01', abandoned, { failAfter: 2, batchSize: 1 }).catch(() => {});
    const first = await pass('2026-10-02', ALPHA_GAMMA);
    // The abandoned pass's rows reached the log (and the read models): the one not read again is dropped.
    expect(first.counts).to.deep.equal({ rows: 2, recorded: 2, changed: 0, dropped: 1, unchanged: 0 });
    const again = await pass('2026-11-01', ALPHA_GAMMA);
    expect(again.counts).to.deep.equal({ rows: 2, recorded: 0, changed: 0, dropped: 0, unchanged: 2 });
    await runner.catchUp();
    expect(await table()).to.deep.equal(ALPHA_GAMMA.map(([id, name]) => ({ id, name })));
  });

  it('a first pass whose file repeats an entity in a later batch keeps the later row', async () => {
    const repeated: [string, string][] = [
      ['001', 'Alpha'],
      ['002', 'Beta'],
      ['001', 'Alpha bis'],
    ];
    const first = await pass('2026-10-01', repeated, { batchSize: 2 });
    expect(first.counts).to.include({ rows: 3, recorded: 3, dropped: 0 });
    await runner.catchUp();
    expect(await table()).to.deep.equal([
      { id: '001', name: 'Alpha bis' },
      { id: '002', name: 'Beta' },
    ]);
    // The digest kept is the later row's: the same content again changes nothing.
    const again = await pass('2026-11-01', [
      ['001', 'Alpha bis'],
      ['002', 'Beta'],
    ]);
    expect(again.counts).to.deep.equal({ rows: 2, recorded: 0, changed: 0, dropped: 0, unchanged: 2 });
  });

  it('a rebuild replays staged passes into the same table', async () => {
    await pass('2026-10-01', V1);
    await pass('2026-11-01', [['002', 'Beta 3']]);
    await runner.catchUp();
    const before = await table();
    await runner.rebuild(things.name);
    expect(await table()).to.deep.equal(before);
    expect(before).to.deep.equal([{ id: '002', name: 'Beta 3' }]);
  });
});

describe(`Snapshot pass digests stored before they were bytes (${targetDescription})`, () => {
  let bed: TestBed;
  beforeEach(async () => {
    bed = await openTestBed([]);
  });
  afterEach(() => bed.close());

  const passOf = thingPasses(() => bed, REGISTER);

  it('keeps each digest, and the next pass finds those rows unchanged', async () => {
    const bytes = snapshotPassMigrations.at(-1)!;
    await runMigrations(bed.knex, snapshotPassMigrations.slice(0, -1));
    // A completed pass (it read no row), then its digests as the hex columns held them.
    await passOf('2026-09-01', []);
    const committed: [string, string][] = [
      ['001', digestOf({ id: '001', name: 'Alpha' })],
      ['002', digestOf({ id: '002', name: 'Beta' })],
    ];
    for (const [id, digest] of committed) {
      await bed.knex.raw(
        `insert into ingest_digests (register, kind, entity_id, digest) values (?, 'thing', ?, ?)`,
        [REGISTER, id, digest],
      );
    }
    await runMigrations(bed.knex, [bytes]);
    const { rows } = await bed.knex.raw(
      "select entity_id, encode(digest, 'hex') as digest from ingest_digests order by entity_id",
    );
    expect(rows).to.deep.equal(committed.map(([entity_id, digest]) => ({ entity_id, digest })));
    const { rows: options } = await bed.knex.raw(
      "select reloptions from pg_class where oid = to_regclass('ingest_digests')",
    );
    expect(options[0].reloptions).to.deep.equal(['fillfactor=90']);
    const next = await passOf('2026-10-01', [
      ['001', 'Alpha'],
      ['002', 'Beta bis'],
    ]);
    expect(next.counts).to.deep.equal({ rows: 2, recorded: 0, changed: 1, dropped: 0, unchanged: 1 });
  });
});
