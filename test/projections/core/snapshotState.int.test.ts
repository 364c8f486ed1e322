import { expect } from 'chai';
import type { Projection } from '../../../projections/core/projection.ts';
import { readSnapshotStates } from '../../../projections/core/snapshotState.ts';
import { targetDescription } from '../../support/database.ts';
import {
  appendSnapshotEvents,
  expectedSha,
  failureOf,
  openTestBed,
  snapshotAbandoned,
  snapshotCompleted,
  snapshotStarted,
  type TestBed,
} from './testBed.ts';

const REG = 'test.reg';

/** Follows a register and keeps no table of its own: only the runner's snapshot bookkeeping is at work. */
function follower(name: string, registers: string[] = [REG]): Projection {
  return { name, registers, tables: [], migrations: [], handlers: {} };
}

const completedAs = (version: string) => ({
  version,
  snapshotDate: version,
  sha256: expectedSha(version),
  completedAt: `${version}T07:30:00.000Z`,
});

describe(`snapshot state on ${targetDescription}`, () => {
  let bed: TestBed | null = null;
  afterEach(async () => {
    await bed?.close();
    bed = null;
  });

  it('a completed pass is published as current with its date, SHA-256 and completion time', async () => {
    bed = await openTestBed([follower('p')]);
    const runner = bed.runner();
    await runner.start();
    await runner.caughtUp(
      await appendSnapshotEvents(bed.store, REG, [
        snapshotStarted(REG, '2026-10-01'),
        snapshotCompleted(REG, '2026-10-01'),
      ]),
    );
    expect(await readSnapshotStates(bed.knex, { projections: ['p'], registers: [REG] })).to.deep.equal([
      { register: REG, current: completedAs('2026-10-01'), pending: null },
    ]);
  });

  it('a pass started and never completed is pending, not current, and the previous completed one stays current', async () => {
    bed = await openTestBed([follower('p')]);
    const runner = bed.runner();
    await runner.start();
    await runner.caughtUp(
      await appendSnapshotEvents(bed.store, REG, [
        snapshotStarted(REG, '2026-10-01'),
        snapshotCompleted(REG, '2026-10-01'),
        snapshotStarted(REG, '2026-11-01'),
      ]),
    );
    expect(await readSnapshotStates(bed.knex, { projections: ['p'], registers: [REG] })).to.deep.equal([
      {
        register: REG,
        current: completedAs('2026-10-01'),
        pending: { version: '2026-11-01', startedAt: '2026-11-01T06:00:00.000Z' },
      },
    ]);
  });

  it('an abandoned pass is no longer pending and is never published', async () => {
    bed = await openTestBed([follower('p')]);
    const runner = bed.runner();
    await runner.start();
    await runner.caughtUp(
      await appendSnapshotEvents(bed.store, REG, [
        snapshotStarted(REG, '2026-10-01'),
        snapshotCompleted(REG, '2026-10-01'),
        snapshotStarted(REG, '2026-11-01'),
        snapshotAbandoned(REG, '2026-11-01'),
      ]),
    );
    expect(await readSnapshotStates(bed.knex, { projections: ['p'], registers: [REG] })).to.deep.equal([
      { register: REG, current: completedAs('2026-10-01'), pending: null },
    ]);
  });

  it('a projection ignores the snapshot passes of registers it does not follow', async () => {
    bed = await openTestBed([follower('p', ['test.elsewhere'])]);
    const runner = bed.runner();
    await runner.start();
    await runner.caughtUp(
      await appendSnapshotEvents(bed.store, REG, [
        snapshotStarted(REG, '2026-10-01'),
        snapshotCompleted(REG, '2026-10-01'),
      ]),
    );
    expect(
      await readSnapshotStates(bed.knex, { projections: ['p'], registers: [REG, 'test.elsewhere'] }),
    ).to.deep.equal([
      { register: REG, current: null, pending: null },
      { register: 'test.elsewhere', current: null, pending: null },
    ]);
  });

  it('across projections following one register, the current snapshot is the oldest completed one', async () => {
    bed = await openTestBed([follower('fast'), follower('slow')]);
    const both = bed.runner();
    await both.start();
    await both.caughtUp(
      await appendSnapshotEvents(bed.store, REG, [
        snapshotStarted(REG, '2026-10-01'),
        snapshotCompleted(REG, '2026-10-01'),
      ]),
    );
    await both.stop();
    // Only `fast` keeps running: `slow` stays at the October snapshot.
    const fastOnly = bed.runner({ projections: [follower('fast')] });
    await fastOnly.start();
    await fastOnly.caughtUp(
      await appendSnapshotEvents(bed.store, REG, [
        snapshotStarted(REG, '2026-11-01'),
        snapshotCompleted(REG, '2026-11-01'),
      ]),
    );

    const [together] = await readSnapshotStates(bed.knex, {
      projections: ['fast', 'slow'],
      registers: [REG],
    });
    expect(together?.current).to.deep.equal(completedAs('2026-10-01'));
    const [fastAlone] = await readSnapshotStates(bed.knex, { projections: ['fast'], registers: [REG] });
    expect(fastAlone?.current).to.deep.equal(completedAs('2026-11-01'));
  });

  it('a follower that has not applied any completed snapshot leaves the register without a current one', async () => {
    // `behind` fails on its first batch, so it is registered as a follower but has applied nothing.
    const behind: Projection = {
      ...follower('behind'),
      handlers: {
        async SnapshotCompleted() {
          throw new Error('not yet');
        },
      },
    };
    bed = await openTestBed([follower('ahead'), behind]);
    const runner = bed.runner();
    await runner.start();
    const head = await appendSnapshotEvents(bed.store, REG, [
      snapshotStarted(REG, '2026-10-01'),
      snapshotCompleted(REG, '2026-10-01'),
    ]);
    expect(await failureOf(runner.caughtUp(head))).to.be.instanceOf(Error);
    // caughtUp rejects as soon as `behind` fails, possibly before `ahead` has committed: wait for it alone.
    await runner.catchUp('ahead');

    const [both] = await readSnapshotStates(bed.knex, { projections: ['ahead', 'behind'], registers: [REG] });
    expect(both).to.deep.equal({ register: REG, current: null, pending: null });
    const [ahead] = await readSnapshotStates(bed.knex, { projections: ['ahead'], registers: [REG] });
    expect(ahead?.current).to.deep.equal(completedAs('2026-10-01'));
  });
});
