import { expect } from 'chai';
import type { Knex } from 'knex';
import type { Projection } from '../../../projections/core/projection.ts';
import { targetDescription } from '../../support/database.ts';
import { plannedRows, rowCount } from './bulkLoadProbes.ts';
import {
  appendSnapshotEvents,
  openTestBed,
  recordEntities,
  snapshotAbandoned,
  snapshotCompleted,
  snapshotStarted,
  type TestBed,
} from './testBed.ts';

const REG = 'test.bulk';
const OTHER = 'test.other';

/**
 * Names by entity, with a secondary index only readers use (partial, with a storage option, to show the
 * definition comes back whole) and a word table kept by a statement trigger.
 */
const names: Projection = {
  name: 'names',
  registers: [REG, OTHER],
  tables: ['names', 'names_words'],
  migrations: [
    {
      name: 'test_names',
      async up(knex) {
        await knex.raw('create table names (id text primary key, name text not null)');
        await knex.raw(
          "create index names_by_name on names (lower(name)) with (fillfactor = 70) where name <> ''",
        );
        await knex.raw('create table names_words (word text primary key)');
        await knex.raw(`
          create function names_words_add() returns trigger language plpgsql as $$
          begin
            insert into names_words (word) select distinct lower(name) from added on conflict do nothing;
            return null;
          end $$`);
        await knex.raw(`
          create trigger names_words_insert after insert on names referencing new table as added
            for each statement execute function names_words_add()`);
      },
    },
  ],
  handlers: {
    async EntityRecorded(trx, event) {
      const data = event.data as { id: string; name: string };
      await trx.raw(
        'insert into names (id, name) values (?, ?) on conflict (id) do update set name = excluded.name',
        [data.id, data.name],
      );
    },
  },
  bulkLoad: {
    indexes: ['names_by_name'],
    triggers: [{ table: 'names', name: 'names_words_insert' }],
    async fill(trx) {
      await trx.raw(
        'insert into names_words (word) select distinct lower(name) from names on conflict do nothing',
      );
    },
  },
};

async function indexDefinition(knex: Knex): Promise<string | null> {
  const { rows } = await knex.raw<{ rows: { d: string | null }[] }>(
    "select pg_get_indexdef(to_regclass('names_by_name')) as d",
  );
  return rows[0]!.d;
}

async function triggerDefinition(knex: Knex): Promise<string | null> {
  const { rows } = await knex.raw<{ rows: { d: string }[] }>(
    "select pg_get_triggerdef(oid) as d from pg_trigger where tgrelid = 'names'::regclass and tgname = 'names_words_insert'",
  );
  return rows[0]?.d ?? null;
}

describe(`bulk load of a first pass (${targetDescription})`, () => {
  let bed: TestBed;
  let migrated: string | null;
  let trigger: string | null;
  beforeEach(async () => {
    bed = await openTestBed([names]);
    migrated = await indexDefinition(bed.knex);
    trigger = await triggerDefinition(bed.knex);
  });
  afterEach(() => bed.close());

  async function project() {
    await bed.runner().catchUp();
  }

  it('a first pass is written without the declared index and trigger', async () => {
    await appendSnapshotEvents(bed.store, REG, [snapshotStarted(REG, '2026-11-01')]);
    await recordEntities(bed.store, 20);
    await project();
    expect(await rowCount(bed.knex, 'names')).to.equal(20);
    expect(await indexDefinition(bed.knex)).to.equal(null);
    expect(await triggerDefinition(bed.knex)).to.equal(null);
    expect(await rowCount(bed.knex, 'names_words')).to.equal(0);
  });

  it('the snapshot that completes it brings back the index as defined, the trigger and the filled words', async () => {
    await appendSnapshotEvents(bed.store, REG, [snapshotStarted(REG, '2026-11-01')]);
    await recordEntities(bed.store, 20);
    await appendSnapshotEvents(bed.store, REG, [snapshotCompleted(REG, '2026-11-01')]);
    await project();
    expect(migrated).to.contain('names_by_name');
    expect(trigger).to.contain('names_words_insert');
    expect(await indexDefinition(bed.knex)).to.equal(migrated);
    expect(await triggerDefinition(bed.knex)).to.equal(trigger);
    expect(await rowCount(bed.knex, 'names_words')).to.equal(20);
    await recordEntities(bed.store, 1, 'late');
    await project();
    expect(await rowCount(bed.knex, 'names_words')).to.equal(21);
  });

  it('the tables it loaded are analysed when the snapshot is published', async () => {
    await appendSnapshotEvents(bed.store, REG, [snapshotStarted(REG, '2026-11-01')]);
    await recordEntities(bed.store, 20);
    await appendSnapshotEvents(bed.store, REG, [snapshotCompleted(REG, '2026-11-01')]);
    await project();
    expect(await plannedRows(bed.knex, 'names')).to.equal(20);
    expect(await plannedRows(bed.knex, 'names_words')).to.equal(20);
  });

  /** A first pass of 20 rows published, then a December pass writing 10 rows and completing with `counts`. */
  async function laterPass(counts: { recorded: number; unchanged: number }) {
    await appendSnapshotEvents(bed.store, REG, [snapshotStarted(REG, '2026-11-01')]);
    await recordEntities(bed.store, 20);
    await appendSnapshotEvents(bed.store, REG, [
      snapshotCompleted(REG, '2026-11-01'),
      snapshotStarted(REG, '2026-12-01'),
    ]);
    await recordEntities(bed.store, 10, 'december');
    const all = { rows: counts.recorded + counts.unchanged, changed: 0, dropped: 0, ...counts };
    await appendSnapshotEvents(bed.store, REG, [snapshotCompleted(REG, '2026-12-01', all)]);
    await project();
  }

  it('a later pass that changed rows has the tables analysed again when it completes', async () => {
    await laterPass({ recorded: 10, unchanged: 20 });
    expect(await plannedRows(bed.knex, 'names')).to.equal(30);
  });

  it('a later pass that recorded, changed and dropped nothing leaves the statistics as they were', async () => {
    // The rows written meanwhile count for nothing here: only the pass's own counts decide, and they say none.
    await laterPass({ recorded: 0, unchanged: 20 });
    expect(await rowCount(bed.knex, 'names')).to.equal(30);
    expect(await plannedRows(bed.knex, 'names')).to.equal(20);
  });

  it('while the first pass loads, its tables are analysed as they grow, not only at the end', async () => {
    await appendSnapshotEvents(bed.store, REG, [snapshotStarted(REG, '2026-11-01')]);
    await recordEntities(bed.store, 1500);
    await project();
    expect(await indexDefinition(bed.knex)).to.equal(null);
    // Analysed once 1,000 events were applied (the batch that crossed it), next when they have doubled.
    expect(await plannedRows(bed.knex, 'names')).to.be.within(1000, 1500);
  });

  it('a pass that starts once a snapshot is published keeps the index', async () => {
    await appendSnapshotEvents(bed.store, REG, [
      snapshotStarted(REG, '2026-11-01'),
      snapshotCompleted(REG, '2026-11-01'),
    ]);
    await appendSnapshotEvents(bed.store, OTHER, [snapshotStarted(OTHER, '2026-11-02')]);
    await recordEntities(bed.store, 5);
    await project();
    expect(await indexDefinition(bed.knex)).to.equal(migrated);
    expect(await rowCount(bed.knex, 'names_words')).to.equal(5);
  });

  it('the first snapshot of any register it follows ends the load, whichever pass began it', async () => {
    await appendSnapshotEvents(bed.store, REG, [snapshotStarted(REG, '2026-11-01')]);
    await recordEntities(bed.store, 5);
    await appendSnapshotEvents(bed.store, OTHER, [
      snapshotStarted(OTHER, '2026-11-02'),
      snapshotCompleted(OTHER, '2026-11-02'),
    ]);
    await project();
    expect(await indexDefinition(bed.knex)).to.equal(migrated);
    expect(await triggerDefinition(bed.knex)).to.equal(trigger);
  });

  it('an abandoned first pass leaves the load open for the next pass, which ends it', async () => {
    await appendSnapshotEvents(bed.store, REG, [snapshotStarted(REG, '2026-11-01')]);
    await recordEntities(bed.store, 5);
    await appendSnapshotEvents(bed.store, REG, [
      snapshotAbandoned(REG, '2026-11-01'),
      snapshotStarted(REG, '2026-11-02'),
    ]);
    await recordEntities(bed.store, 7, 'again');
    await project();
    expect(await indexDefinition(bed.knex)).to.equal(null);
    await appendSnapshotEvents(bed.store, REG, [snapshotCompleted(REG, '2026-11-02')]);
    await project();
    expect(await indexDefinition(bed.knex)).to.equal(migrated);
    expect(await rowCount(bed.knex, 'names_words')).to.equal(12);
  });

  it('what a load dropped comes back even once the projection no longer declares it', async () => {
    await appendSnapshotEvents(bed.store, REG, [snapshotStarted(REG, '2026-11-01')]);
    await recordEntities(bed.store, 5);
    await project();
    const undeclared: Projection = { ...names };
    delete undeclared.bulkLoad;
    await appendSnapshotEvents(bed.store, REG, [snapshotCompleted(REG, '2026-11-01')]);
    await bed.runner({ projections: [undeclared] }).catchUp();
    expect(await indexDefinition(bed.knex)).to.equal(migrated);
    expect(await triggerDefinition(bed.knex)).to.equal(trigger);
  });

  it('a rebuild replays the first pass in bulk and ends with the index and the words', async () => {
    await appendSnapshotEvents(bed.store, REG, [snapshotStarted(REG, '2026-11-01')]);
    await recordEntities(bed.store, 20);
    await appendSnapshotEvents(bed.store, REG, [snapshotCompleted(REG, '2026-11-01')]);
    const runner = bed.runner();
    await runner.catchUp();
    await runner.rebuild('names');
    expect(await rowCount(bed.knex, 'names')).to.equal(20);
    expect(await indexDefinition(bed.knex)).to.equal(migrated);
    expect(await triggerDefinition(bed.knex)).to.equal(trigger);
    expect(await rowCount(bed.knex, 'names_words')).to.equal(20);
  });
});
