import { expect } from 'chai';
import type { ProjectionRunner } from '../../../projections/core/projectionRunner.ts';
import { postgresProjectorLock } from '../../../projections/core/projectorLock.ts';
import { testLogger } from '../../support/database.ts';
import {
  appliedPositions,
  countingProjection,
  openTestBed,
  recordEntities,
  type TestBed,
} from './testBed.ts';

const SERVER_URL = process.env.DATABASE_URL;

/** Waits (polling) until `runner` is in `mode`; fails after a few seconds. */
async function modeBecomes(runner: ProjectionRunner, mode: ReturnType<ProjectionRunner['mode']>) {
  for (let i = 0; i < 200 && runner.mode() !== mode; i++) await pause(25);
  expect(runner.mode()).to.equal(mode);
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const range = (from: bigint, to: bigint) =>
  Array.from({ length: Number(to - from) + 1 }, (_, i) => from + BigInt(i));

describe('the projector lock: one process projects, the others stand by (postgresql server)', function () {
  this.timeout(60_000);
  let bed: TestBed;
  const projection = countingProjection('locked');

  before(function () {
    if (!SERVER_URL) this.skip(); // a session lock of a PostgreSQL server; the embedded database has one process
  });
  beforeEach(async () => {
    bed = await openTestBed([projection]);
  });
  afterEach(() => bed?.close());

  const runnerWithLock = () =>
    bed.runner({ lock: postgresProjectorLock(SERVER_URL!, testLogger), standbyRetryMs: 50 });
  /** Two runners started one after the other, each with its own lock session. */
  const twoRunners = async () => {
    const first = runnerWithLock();
    const second = runnerWithLock();
    await first.start();
    await second.start();
    return { first, second };
  };

  it('a second runner on the same database stands by while the first applies every event once', async () => {
    const { first, second } = await twoRunners();
    expect([first.mode(), second.mode()]).to.deep.equal(['active', 'standby']);
    const last = await recordEntities(bed.store, 30);
    await first.caughtUp(last);
    expect(await appliedPositions(bed.knex, 'locked_applied')).to.deep.equal(range(1n, last));
  });

  it('the runner standing by takes over when the first stops, and applies what came after, once', async () => {
    const { first, second } = await twoRunners();
    const before = await recordEntities(bed.store, 10, 'a');
    await first.caughtUp(before);
    await first.stop();
    const after = await recordEntities(bed.store, 10, 'b');
    await modeBecomes(second, 'active');
    await second.caughtUp(after);
    expect(await appliedPositions(bed.knex, 'locked_applied')).to.deep.equal(range(1n, after));
  });

  it('a runner whose lock session is cut stops; the projections go on in one process, each event once', async () => {
    const { first, second } = await twoRunners();
    const before = await recordEntities(bed.store, 10, 'a');
    await first.caughtUp(before);
    // The first runner's lock session dies (a network cut, its server connection killed).
    await bed.knex.raw(
      `select pg_terminate_backend(l.pid) from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.granted and a.application_name = 'registres projector lock'
          and l.database = (select oid from pg_database where datname = current_database())`,
    );
    // It notices: it leaves 'active' and stays out for at least its retry period (50 ms), so polling sees it.
    // (Right after the cut it still says 'active': taking it for the holder raced its own stopping.)
    for (let i = 0; i < 1000 && first.mode() === 'active'; i++) await pause(5);
    expect(first.mode()).to.not.equal('active');
    const after = await recordEntities(bed.store, 10, 'b');
    // One of the two takes over (either may win the lock) and applies what came after, each event once.
    let applied: bigint[] = [];
    for (let i = 0; i < 400 && applied.length < Number(after); i++) {
      applied = await appliedPositions(bed.knex, 'locked_applied');
      if (applied.length < Number(after)) await pause(25);
    }
    expect(applied).to.deep.equal(range(1n, after));
    expect([first.mode(), second.mode()].sort()).to.deep.equal(['active', 'standby']);
  });
});
