import { expect } from 'chai';
import type { EventStore } from '../../../ops/eventstore/port.ts';
import type { EventHandler, Projection } from '../../../projections/core/projection.ts';
import { targetDescription } from '../../support/database.ts';
import { openTestBed, recordEntities, type TestBed } from './testBed.ts';

/** A projection that notes each event it applies in `seen`, after `before` (awaited per event) resolves. */
function notingProjection(
  name: string,
  seen: string[],
  opts: { deferred?: boolean; before?: () => Promise<void>; alsoHandles?: string } = {},
): Projection {
  const note: EventHandler = async (_trx, event) => {
    await opts.before?.();
    seen.push(`${name} ${event.position}`);
  };
  return {
    name,
    registers: [],
    tables: [],
    migrations: [],
    ...(opts.deferred ? { deferred: true } : {}),
    handlers: { EntityRecorded: note, ...(opts.alsoHandles ? { [opts.alsoHandles]: note } : {}) },
  };
}

function promiseWithResolvers(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe(`deferred projections on ${targetDescription}`, () => {
  let bed: TestBed | null = null;
  afterEach(async () => {
    await bed?.close();
    bed = null;
  });

  it('a deferred projection applies nothing until the others have read up to the head', async () => {
    const seen: string[] = [];
    const keyedEntered = promiseWithResolvers();
    const heavyRead = promiseWithResolvers();
    const released = promiseWithResolvers();
    const keyed = notingProjection('keyed', seen, {
      before: () => {
        keyedEntered.resolve();
        return released.promise;
      },
    });
    // The deferred one also takes a type of its own: its subscription is told apart by it below.
    const heavy = notingProjection('heavy', seen, { deferred: true, alsoHandles: 'HeavyMarker' });
    bed = await openTestBed([keyed, heavy]);
    const store = bed.store;
    const watched: EventStore = {
      ...store,
      subscribe: (opts) =>
        store.subscribe(
          opts.types?.has('HeavyMarker')
            ? {
                ...opts,
                onEvents: (events) => {
                  heavyRead.resolve();
                  return opts.onEvents(events);
                },
              }
            : opts,
        ),
    };
    const head = await recordEntities(bed.store, 10);
    const runner = bed.runner({ batchSize: 2, eventStore: watched });
    await runner.start();
    // Both have read their first batch; the keyed one is held in it. Only then is it let go.
    await Promise.all([keyedEntered.promise, heavyRead.promise]);
    released.resolve();
    await runner.caughtUp(head);
    const lastKeyed = seen.indexOf(`keyed ${head}`);
    const firstHeavy = seen.findIndex((s) => s.startsWith('heavy '));
    expect(lastKeyed).to.be.greaterThan(-1);
    expect(firstHeavy).to.be.greaterThan(lastKeyed);
    expect(seen.filter((s) => s.startsWith('heavy '))).to.have.length(10);
  });

  it('a deferred projection is not held back by a projection that stopped on a failure', async () => {
    const seen: string[] = [];
    const failing = notingProjection('failing', seen, {
      before: () => Promise.reject(new Error('injected failure')),
    });
    const heavy = notingProjection('heavy', seen, { deferred: true });
    bed = await openTestBed([failing, heavy]);
    const head = await recordEntities(bed.store, 6);
    const runner = bed.runner({ batchSize: 2 });
    await runner.start();
    await runner.catchUp('heavy');
    expect(seen).to.deep.equal([1, 2, 3, 4, 5, 6].map((p) => `heavy ${p}`));
    const status = await runner.status();
    expect(status.find((s) => s.name === 'failing')?.lastError).to.contain('injected failure');
    expect(status.find((s) => s.name === 'heavy')).to.include({ position: head, lag: 0n });
  });

  it('without a deferred projection, projections apply side by side as before', async () => {
    const seen: string[] = [];
    bed = await openTestBed([notingProjection('one', seen), notingProjection('two', seen)]);
    const head = await recordEntities(bed.store, 4);
    const runner = bed.runner({ batchSize: 2 });
    await runner.start();
    await runner.caughtUp(head);
    expect(seen.filter((s) => s.startsWith('one '))).to.have.length(4);
    expect(seen.filter((s) => s.startsWith('two '))).to.have.length(4);
  });
});
