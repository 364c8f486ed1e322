import { expect } from 'chai';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import { entityHandlers } from '../../../projections/core/entityHandlers.ts';
import type { Projection } from '../../../projections/core/projection.ts';
import type { ProjectionRunner } from '../../../projections/core/projectionRunner.ts';
import { type RowTable, rowBinding } from '../../../projections/core/rowTable.ts';
import { thingPasses } from '../../ingest/core/support/thingPasses.ts';
import { targetDescription } from '../../support/database.ts';
import { openTestBed, type TestBed } from './testBed.ts';

const REGISTER = 'test.rows';

interface ThingRow {
  id: string;
  name: string;
}

const THINGS: RowTable<ThingRow> = {
  name: 'test_row_things',
  key: ['id'],
  columns: { id: 'text', name: 'text' },
};

/** A read model written by rowBinding: one row per entity, its name. */
const things: Projection = {
  name: 'test-row-things',
  registers: [REGISTER],
  tables: [THINGS.name],
  migrations: [
    {
      name: '9110_test_row_things',
      async up(knex) {
        await knex.raw(`create table ${THINGS.name} (id text primary key, name text not null)`);
      },
    },
  ],
  ...entityHandlers([
    rowBinding({
      register: REGISTER,
      kind: 'thing',
      table: THINGS,
      rowOf: (data) => ({ id: data.id, name: String(data.record.name) }),
    }),
  ]),
};

describe(`Rows of a read model written a batch at a time (${targetDescription})`, () => {
  let bed: TestBed;
  let runner: ProjectionRunner;

  beforeEach(async () => {
    bed = await openTestBed([things]);
    await runMigrations(bed.knex, snapshotPassMigrations);
    runner = bed.runner();
    await runner.start();
  });
  afterEach(() => bed.close());

  const pass = thingPasses(() => bed, REGISTER, { batchSize: 10 });
  const table = async () =>
    (await bed.knex.raw(`select id, name from ${THINGS.name} order by id`)).rows as ThingRow[];

  it('an entity recorded again while its row is in the table replaces the row', async () => {
    // An abandoned first pass leaves its rows in the read model; the next first pass records them again.
    await pass(
      '2026-10-01',
      [
        ['001', 'Alpha'],
        ['002', 'Beta'],
        ['003', 'Never read'],
      ],
      { failAfter: 2, batchSize: 1 },
    ).catch(() => {});
    await runner.catchUp();
    expect(await table()).to.deep.equal([
      { id: '001', name: 'Alpha' },
      { id: '002', name: 'Beta' },
    ]);
    const done = await pass('2026-10-02', [
      ['001', 'Alpha bis'],
      ['002', 'Beta'],
      ['004', 'Delta'],
    ]);
    expect(done.counts).to.include({ recorded: 3, changed: 0 });
    await runner.catchUp();
    expect(await table()).to.deep.equal([
      { id: '001', name: 'Alpha bis' },
      { id: '002', name: 'Beta' },
      { id: '004', name: 'Delta' },
    ]);
  });

  it('a pass that records, changes and drops leaves one row per entity it holds', async () => {
    await pass('2026-10-01', [
      ['001', 'Alpha'],
      ['002', 'Beta'],
    ]);
    await pass('2026-11-01', [
      ['001', 'Alpha 2'],
      ['003', 'Gamma'],
    ]);
    await runner.catchUp();
    expect(await table()).to.deep.equal([
      { id: '001', name: 'Alpha 2' },
      { id: '003', name: 'Gamma' },
    ]);
  });
});
