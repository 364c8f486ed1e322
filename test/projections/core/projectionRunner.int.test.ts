import FakeTimers from '@sinonjs/fake-timers';
import { expect } from 'chai';
import type { Knex } from 'knex';
import type { EventStore } from '../../../ops/eventstore/port.ts';
import { targetDescription } from '../../support/database.ts';
import { statementsSent } from '../../support/statementsSent.ts';
import {
  appendAll,
  appliedPositions,
  countingProjection,
  failureOf,
  openTestBed,
  recordEntities,
  type TestBed,
} from './testBed.ts';

async function checkpoint(knex: Knex, name: string): Promise<bigint> {
  const { rows } = await knex.raw<{ rows: { position: string }[] }>(
    'select position from projection_state where name = ?',
    [name],
  );
  return BigInt(rows[0]!.position);
}

const range = (from: bigint, to: bigint) => {
  const out: bigint[] = [];
  for (let p = from; p <= to; p++) out.push(p);
  return out;
};

describe(`projection runner on ${targetDescription}`, () => {
  let bed: TestBed | null = null;
  afterEach(async () => {
    await bed?.close();
    bed = null;
  });

  it('applies events and records its position', async () => {
    bed = await openTestBed([countingProjection('counted')]);
    const runner = bed.runner();
    await runner.start();
    const head = await recordEntities(bed.store, 4);
    await runner.caughtUp(head);
    expect(await appliedPositions(bed.knex, 'counted_applied')).to.deep.equal(range(1n, head));
    const [status] = await runner.status();
    expect(status).to.deep.equal({ name: 'counted', position: head, head, lag: 0n, lastError: null });
  });

  it('passes over events it has no handler for without a write, and reports them passed', async () => {
    bed = await openTestBed([countingProjection('counted')]);
    const runner = bed.runner();
    await runner.start();
    const head = await appendAll(bed.store, 'test.other-1', [{ type: 'Unhandled', data: {} }]);
    await runner.caughtUp(head);
    expect(await appliedPositions(bed.knex, 'counted_applied')).to.deep.equal([]);
    expect(await checkpoint(bed.knex, 'counted')).to.equal(0n);
    expect((await runner.status())[0]).to.include({ position: head, lag: 0n });
  });

  it('stores the checkpoint past skipped events with the next batch it applies', async () => {
    bed = await openTestBed([countingProjection('counted')]);
    const runner = bed.runner();
    await runner.start();
    await runner.caughtUp(await appendAll(bed.store, 'test.other-1', [{ type: 'Unhandled', data: {} }]));
    const head = await recordEntities(bed.store, 2, 'a');
    await runner.caughtUp(head);
    expect(await checkpoint(bed.knex, 'counted')).to.equal(head);
    expect(await appliedPositions(bed.knex, 'counted_applied')).to.deep.equal(range(2n, head));
  });

  it('stores the positions several projections skipped in one statement', async () => {
    bed = await openTestBed([countingProjection('counted_a'), countingProjection('counted_b')]);
    // Only the runner's storing of skipped positions runs on an interval: the rest keeps its real timers.
    const clock = FakeTimers.withGlobal(globalThis).install({ toFake: ['setInterval'] });
    try {
      const runner = bed.runner();
      await runner.start();
      const head = await appendAll(bed.store, 'test.other-1', [{ type: 'Unhandled', data: {} }]);
      await runner.caughtUp(head);
      const { knex } = bed;
      const { statements } = await statementsSent(
        knex,
        (sql) => sql.includes('projection_state'),
        async () => {
          // Woken by the store's own answer, not by polling.
          const stored = new Promise<void>((resolve) => {
            const answered = (_response: unknown, q: { sql: string }) => {
              if (!q.sql.startsWith('update projection_state')) return;
              knex.removeListener('query-response', answered);
              resolve();
            };
            knex.on('query-response', answered);
          });
          clock.tick(1000);
          await stored;
        },
      );
      expect(await checkpoint(knex, 'counted_a')).to.equal(head);
      expect(await checkpoint(knex, 'counted_b')).to.equal(head);
      expect(statements.filter((sql) => sql.startsWith('update'))).to.have.length(1);
    } finally {
      clock.uninstall();
    }
  });

  it('resumes after a restart from its checkpoint without applying anything twice', async () => {
    bed = await openTestBed([countingProjection('counted')]);
    const first = bed.runner();
    await first.start();
    await first.caughtUp(await recordEntities(bed.store, 3, 'a'));
    await first.stop();
    const head = await recordEntities(bed.store, 3, 'b');
    const second = bed.runner();
    await second.start();
    await second.caughtUp(head);
    expect(await appliedPositions(bed.knex, 'counted_applied')).to.deep.equal(range(1n, head));
  });

  it('a crash in the middle of a batch leaves the table and checkpoint as they were, and a restart applies every event exactly once', async () => {
    let failAt: bigint | null = null;
    const projection = countingProjection('counted', { failOnce: (e) => e.position === failAt });
    bed = await openTestBed([projection]);
    const first = bed.runner();
    await first.start();
    const before = await recordEntities(bed.store, 3, 'a');
    await first.caughtUp(before);

    failAt = before + 5n;
    const head = await recordEntities(bed.store, 10, 'b');
    const crash = await failureOf(first.caughtUp(head));
    expect(crash?.message).to.contain('injected crash');
    expect(await appliedPositions(bed.knex, 'counted_applied')).to.deep.equal(range(1n, before));
    expect(await checkpoint(bed.knex, 'counted')).to.equal(before);
    const [failed] = await first.status();
    expect(failed?.lastError).to.contain(`event ${failAt}`);
    expect(failed?.lag).to.equal(10n);

    await first.stop();
    const second = bed.runner();
    await second.start();
    await second.caughtUp(head);
    expect(await appliedPositions(bed.knex, 'counted_applied')).to.deep.equal(range(1n, head));
    const [recovered] = await second.status();
    expect(recovered).to.include({ position: head, lastError: null });
  });

  it('a second instance whose checkpoint was moved by another stops instead of overwriting', async () => {
    bed = await openTestBed([countingProjection('counted')]);
    let openGate: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    // The second instance receives its events only once the gate opens, so the first commits before it.
    const gatedStore: EventStore = {
      ...bed.store,
      subscribe: (opts) =>
        bed!.store.subscribe({
          ...opts,
          onEvents: async (events) => {
            await gate;
            await opts.onEvents(events);
          },
        }),
    };
    const first = bed.runner();
    const second = bed.runner({ eventStore: gatedStore });
    await first.start();
    await second.start();

    const head = await recordEntities(bed.store, 2);
    await first.caughtUp(head);
    openGate();
    const stopped = await failureOf(second.caughtUp(head));

    expect(stopped?.message).to.contain('another instance');
    expect(await appliedPositions(bed.knex, 'counted_applied')).to.deep.equal(range(1n, head));
    expect(await checkpoint(bed.knex, 'counted')).to.equal(head);
    const [secondStatus] = await second.status();
    expect(secondStatus?.lastError).to.contain('another instance');

    const next = await recordEntities(bed.store, 1, 'later');
    await first.caughtUp(next);
    expect(await appliedPositions(bed.knex, 'counted_applied')).to.deep.equal(range(1n, next));
    const [firstStatus] = await first.status();
    expect(firstStatus).to.include({ position: next, lastError: null });
  });

  it('a one-shot catch-up applies everything up to the head and returns', async () => {
    bed = await openTestBed([countingProjection('one'), countingProjection('two')]);
    const head = await recordEntities(bed.store, 5);
    const runner = bed.runner();
    await runner.catchUp('one');
    expect((await runner.status()).map((s) => [s.name, s.position])).to.deep.equal([
      ['one', head],
      ['two', 0n],
    ]);
    await runner.catchUp();
    expect((await runner.status()).map((s) => [s.name, s.position, s.lag])).to.deep.equal([
      ['one', head, 0n],
      ['two', head, 0n],
    ]);
  });

  it('an idle runner issues no query once caught up', async () => {
    bed = await openTestBed([countingProjection('counted')]);
    // Appended before the runner listens: no wake-up is in flight once it has caught up.
    const head = await recordEntities(bed.store, 3);
    // Timers are the runner's only way to poll: under a fake clock, an hour passes at once.
    const clock = FakeTimers.withGlobal(globalThis).install({ toFake: ['setTimeout', 'setInterval'] });
    try {
      const runner = bed.runner();
      await runner.start();
      await runner.caughtUp(head);

      const queries: string[] = [];
      const onQuery = (q: { sql: string }) => queries.push(q.sql);
      bed.knex.on('query', onQuery);
      await clock.tickAsync(3_600_000);
      bed.knex.off('query', onQuery);
      expect(queries).to.deep.equal([]);
    } finally {
      clock.uninstall();
    }
  });
});
