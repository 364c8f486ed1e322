import { expect } from 'chai';
import type { NewEvent, RecordedEvent } from '../../../ops/eventstore/port.ts';
import type { Projection } from '../../../projections/core/projection.ts';
import { readSnapshotStates } from '../../../projections/core/snapshotState.ts';
import { targetDescription } from '../../support/database.ts';
import {
  appendAll,
  appendSnapshotEvents,
  failureOf,
  openTestBed,
  snapshotCompleted,
  snapshotStarted,
  type TestBed,
} from './testBed.ts';

const REG = 'test.reg';

/**
 * A read model of the register's entities: one row per id with the name and the pass it came from. `refuse`
 * makes it fail on a pass's completion (a read model that stops behind the others).
 */
function namesModel(name: string, refuse: (event: RecordedEvent) => boolean = () => false): Projection {
  return {
    name,
    registers: [REG],
    tables: [`${name}_names`],
    migrations: [
      {
        name: `test_${name}_names`,
        async up(knex) {
          await knex.raw(
            `create table ${name}_names (id text primary key, name text not null, pass text not null)`,
          );
        },
      },
    ],
    handlers: {
      async SnapshotCompleted(_trx, event) {
        if (refuse(event)) throw new Error('injected failure');
      },
      async EntityRecorded(trx, event) {
        const data = event.data as { id: string; name: string };
        await trx.raw(
          `insert into ${name}_names (id, name, pass) values (?, ?, ?)
           on conflict (id) do update set name = excluded.name, pass = excluded.pass`,
          [data.id, data.name, String(event.metadata.snapshotVersion)],
        );
      },
    },
  };
}

/** A whole pass: started, one entity named after the version, completed. */
const pass = (version: string): NewEvent[] => [
  snapshotStarted(REG, version),
  {
    type: 'EntityRecorded',
    data: { id: 'a', name: `name of ${version}` },
    metadata: { register: REG, snapshotVersion: version },
  },
  snapshotCompleted(REG, version),
];

async function appendPass(bed: TestBed, version: string): Promise<bigint> {
  const [started, entity, completed] = pass(version);
  await appendSnapshotEvents(bed.store, REG, [started!]);
  await appendAll(bed.store, `${REG}-a`, [entity!]);
  return appendSnapshotEvents(bed.store, REG, [completed!]);
}

const passesOf = async (bed: TestBed, table: string) =>
  (await bed.knex.raw(`select pass from ${table}`)).rows.map((r: { pass: string }) => r.pass);
const currentOf = async (bed: TestBed, projection: string) =>
  (await readSnapshotStates(bed.knex, { projections: [projection], registers: [REG] }))[0]?.current?.version;

describe(`a pass published in every read model of its register at once (${targetDescription})`, () => {
  let bed: TestBed | null = null;
  afterEach(async () => {
    await bed?.close();
    bed = null;
  });

  /**
   * Two read models of the register at its first pass; the slow one stops at the second pass's completion,
   * which the fast one goes past. `release` lets the slow one complete it.
   */
  async function slowStoppedOnSecondPass() {
    let refusing = true;
    const fast = namesModel('fast');
    const slow = namesModel(
      'slow',
      (e) => refusing && (e.data as { version: string }).version === '2026-11-01',
    );
    const opened = await openTestBed([fast, slow]);
    bed = opened;
    const runner = opened.runner();
    await runner.start();
    await runner.caughtUp(await appendPass(opened, '2026-10-01'));
    expect(await passesOf(opened, 'fast_names')).to.deep.equal(['2026-10-01']);
    const head = await appendPass(opened, '2026-11-01');
    expect(await failureOf(runner.caughtUp(head))).to.be.an('error');
    await runner.catchUp('fast');
    return {
      bed: opened,
      runner,
      head,
      async release() {
        refusing = false;
        await runner.start();
      },
    };
  }

  it('a read model that completed a later pass shows the previous one until every follower has completed it', async () => {
    const { bed: b, runner, head, release } = await slowStoppedOnSecondPass();
    expect((await runner.status()).find((s) => s.name === 'fast')?.position).to.equal(head);
    expect(await passesOf(b, 'fast_names')).to.deep.equal(['2026-10-01']);
    expect(await currentOf(b, 'fast')).to.equal('2026-10-01');

    // Once the slow one completes it too, both are at the new pass.
    await release();
    await runner.caughtUp(head);
    expect(await passesOf(b, 'fast_names')).to.deep.equal(['2026-11-01']);
    expect(await passesOf(b, 'slow_names')).to.deep.equal(['2026-11-01']);
    expect(await currentOf(b, 'fast')).to.equal('2026-11-01');
    expect(await currentOf(b, 'slow')).to.equal('2026-11-01');
    expect((await b.knex.raw('select count(*)::int as n from projection_staged_events')).rows[0].n).to.equal(
      0,
    );
  });

  it('a pass started before the previous one is published in every read model keeps what that one staged', async () => {
    const { bed: b, runner, release } = await slowStoppedOnSecondPass();
    // The fast read model starts the next pass while the previous one waits for the slow one.
    await appendSnapshotEvents(b.store, REG, [snapshotStarted(REG, '2026-12-01')]);
    await release();
    await runner.caughtUp();
    expect(await passesOf(b, 'fast_names')).to.deep.equal(['2026-11-01']);
    expect(await currentOf(b, 'fast')).to.equal('2026-11-01');
    expect(await currentOf(b, 'slow')).to.equal('2026-11-01');
  });

  it('a read model rebuilt alone publishes the passes the others published long ago', async () => {
    bed = await openTestBed([namesModel('fast'), namesModel('slow')]);
    const runner = bed.runner();
    await runner.start();
    await appendPass(bed, '2026-10-01');
    await runner.caughtUp(await appendPass(bed, '2026-11-01'));
    await runner.rebuild('slow');
    expect(await passesOf(bed, 'slow_names')).to.deep.equal(['2026-11-01']);
    expect(await currentOf(bed, 'slow')).to.equal('2026-11-01');
    expect(await currentOf(bed, 'fast')).to.equal('2026-11-01');
  });

  it('a register followed by one read model publishes each pass as it completes', async () => {
    bed = await openTestBed([namesModel('alone')]);
    const runner = bed.runner();
    await runner.start();
    await appendPass(bed, '2026-10-01');
    await runner.caughtUp(await appendPass(bed, '2026-11-01'));
    expect(await passesOf(bed, 'alone_names')).to.deep.equal(['2026-11-01']);
    expect(await currentOf(bed, 'alone')).to.equal('2026-11-01');
  });
});
