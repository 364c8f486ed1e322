import FakeTimers from '@sinonjs/fake-timers';
import { expect } from 'chai';
import { ForegroundGate } from '../../../projections/core/foregroundGate.ts';

/** Whether the gate's promise has resolved, read once every job already queued has run (no timer). */
function watch(opening: Promise<void>): () => Promise<'open' | 'waiting'> {
  let open = false;
  void opening.then(() => {
    open = true;
  });
  return async () => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    return open ? 'open' : 'waiting';
  };
}

describe('The gate of the deferred projections', () => {
  it('is open when every other projection has read up to the head', async () => {
    const gate = new ForegroundGate();
    gate.watch([
      { running: true, atHead: true },
      { running: true, atHead: true },
    ]);
    expect(await watch(gate.open())()).to.equal('open');
  });

  it('waits while one of them is behind, and opens when it reports reaching the head', async () => {
    const behind = { running: true, atHead: false };
    const gate = new ForegroundGate();
    gate.watch([{ running: true, atHead: true }, behind]);
    const stateOf = watch(gate.open());
    expect(await stateOf()).to.equal('waiting');
    gate.check();
    expect(await stateOf()).to.equal('waiting');
    behind.atHead = true;
    gate.check();
    expect(await stateOf()).to.equal('open');
  });

  it('does not wait for a projection that is not running (stopped or failed)', async () => {
    const gate = new ForegroundGate();
    gate.watch([{ running: false, atHead: false }]);
    expect(await watch(gate.open())()).to.equal('open');
  });

  it('opens after its longest wait even if the others never catch up', async () => {
    const clock = FakeTimers.install({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const gate = new ForegroundGate(5000);
      gate.watch([{ running: true, atHead: false }]);
      const stateOf = watch(gate.open());
      await clock.tickAsync(4999);
      expect(await stateOf()).to.equal('waiting');
      await clock.tickAsync(1);
      expect(await stateOf()).to.equal('open');
    } finally {
      clock.uninstall();
    }
  });
});
