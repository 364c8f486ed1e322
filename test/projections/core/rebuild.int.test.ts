import { expect } from 'chai';
import type { Knex } from 'knex';
import type { Projection } from '../../../projections/core/projection.ts';
import { readSnapshotStates } from '../../../projections/core/snapshotState.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { targetDescription } from '../../support/database.ts';
import {
  appendAll,
  appendSnapshotEvents,
  openTestBed,
  recordEntities,
  snapshotCompleted,
  snapshotStarted,
  type TestBed,
} from './testBed.ts';

const REG = 'test.reg';

/**
 * A read model with a serial key, upserts and deletes (what a rebuild must reproduce byte for byte), and
 * an applications log outside its tables that a rebuild keeps, to show the replay really happened.
 */
const entities: Projection = {
  name: 'entities',
  registers: [REG],
  tables: ['entities'],
  migrations: [
    {
      name: 'test_entities',
      async up(knex) {
        await knex.raw(`create table entities (
          id serial primary key, entity text not null unique, name text not null, last_position bigint not null)`);
        await knex.raw('create table entities_applications (position bigint not null)');
      },
    },
  ],
  handlers: {
    async EntityRecorded(trx, event) {
      const data = event.data as { id: string; name: string };
      await trx.raw(
        `insert into entities (entity, name, last_position) values (?, ?, ?)
         on conflict (entity) do update set name = excluded.name, last_position = excluded.last_position`,
        [data.id, data.name, event.position.toString()],
      );
      await trx.raw('insert into entities_applications (position) values (?)', [event.position.toString()]);
    },
    async EntityDropped(trx, event) {
      await trx.raw('delete from entities where entity = ?', [(event.data as { id: string }).id]);
      await trx.raw('insert into entities_applications (position) values (?)', [event.position.toString()]);
    },
  },
};

async function applications(knex: Knex): Promise<number> {
  const { rows } = await knex.raw<{ rows: { n: string }[] }>(
    'select count(*) as n from entities_applications',
  );
  return Number(rows[0]!.n);
}

async function fillLog(bed: TestBed): Promise<bigint> {
  await appendSnapshotEvents(bed.store, REG, [snapshotStarted(REG, '2026-10-01')]);
  await recordEntities(bed.store, 6, 'a');
  await appendAll(bed.store, 'test.reg-a', [
    { type: 'EntityRecorded', data: { id: 'a2', name: 'Renamed a2' } },
    { type: 'EntityDropped', data: { id: 'a4' } },
  ]);
  await recordEntities(bed.store, 3, 'b');
  await appendSnapshotEvents(bed.store, REG, [snapshotCompleted(REG, '2026-10-01')]);
  return appendSnapshotEvents(bed.store, REG, [snapshotStarted(REG, '2026-11-01')]);
}

describe(`projection rebuild on ${targetDescription}`, () => {
  let bed: TestBed | null = null;
  afterEach(async () => {
    await bed?.close();
    bed = null;
  });

  it('a rebuild replays the log into identical tables', async () => {
    bed = await openTestBed([entities]);
    const runner = bed.runner();
    await runner.start();
    const head = await fillLog(bed);
    await runner.caughtUp(head);
    const before = await tableChecksum(bed.knex, 'entities');
    const appliedBefore = await applications(bed.knex);

    await runner.rebuild('entities');

    expect(await tableChecksum(bed.knex, 'entities')).to.equal(before);
    expect(await applications(bed.knex)).to.equal(appliedBefore * 2);
    const [status] = await runner.status();
    expect(status).to.include({ position: head, lag: 0n, lastError: null });
  });

  it('a rebuild restores the same snapshot state from the log', async () => {
    bed = await openTestBed([entities]);
    const runner = bed.runner();
    await runner.start();
    await runner.caughtUp(await fillLog(bed));
    const query = { projections: ['entities'], registers: [REG] };
    const before = await readSnapshotStates(bed.knex, query);
    expect(before[0]?.current?.version).to.equal('2026-10-01');
    expect(before[0]?.pending?.version).to.equal('2026-11-01');

    await runner.rebuild('entities');

    expect(await readSnapshotStates(bed.knex, query)).to.deep.equal(before);
  });

  it('after a rebuild a running projection keeps following new events', async () => {
    bed = await openTestBed([entities]);
    const runner = bed.runner();
    await runner.start();
    await runner.caughtUp(await fillLog(bed));
    await runner.rebuild('entities');

    const next = await appendAll(bed.store, 'test.reg-c', [
      { type: 'EntityRecorded', data: { id: 'c0', name: 'Later' } },
    ]);
    await runner.caughtUp(next);
    const { rows } = await bed.knex.raw<{ rows: { name: string }[] }>(
      "select name from entities where entity = 'c0'",
    );
    expect(rows).to.deep.equal([{ name: 'Later' }]);
  });

  it('a rebuild from the command line replays to the head and leaves nothing subscribed', async () => {
    bed = await openTestBed([entities]);
    const head = await fillLog(bed);
    await bed.runner().catchUp();
    const before = await tableChecksum(bed.knex, 'entities');

    const oneShot = bed.runner();
    await oneShot.rebuild('entities');

    expect(await tableChecksum(bed.knex, 'entities')).to.equal(before);
    expect((await oneShot.status())[0]?.position).to.equal(head);
    const notRunning = await oneShot.caughtUp(head + 1n).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(notRunning).to.contain('not running');
  });

  it('the table checksum depends on content, not on the order rows were written', async () => {
    bed = await openTestBed([]);
    await bed.knex.raw('create table t1 (k int, v text)');
    await bed.knex.raw('create table t2 (k int, v text)');
    await bed.knex.raw("insert into t1 values (1, 'a'), (2, 'b'), (3, null)");
    await bed.knex.raw("insert into t2 values (3, null), (1, 'a'), (2, 'b')");
    expect(await tableChecksum(bed.knex, 't1')).to.equal(await tableChecksum(bed.knex, 't2'));
    await bed.knex.raw("update t2 set v = 'B' where k = 2");
    expect(await tableChecksum(bed.knex, 't1')).to.not.equal(await tableChecksum(bed.knex, 't2'));
  });
});
