import { expect } from 'chai';
import type { RegisterSnapshotView, SnapshotReader } from '../../../api/catalogue/snapshotReader.ts';
import { cachedSnapshotReader, type Schedule } from '../../../app/server/cachedSnapshotReader.ts';

/** A state whose version says which read of the database gave it. */
const view = (version: string): RegisterSnapshotView[] => [
  {
    register: 'test.widgets',
    current: { version, snapshotDate: '2026-11-15', sha256: null, completedAt: '2026-11-15T00:00:00Z' },
    pending: null,
  },
];

const QUERY = { projections: ['widgets'], registers: ['test.widgets'] };
/** The cache's age bound in these tests (the service's is 5 s): the read ahead comes at four fifths, 400 ms. */
const MAX_AGE_MS = 500;

/** The reader's clock and timers, moved by the test: no test waits for real time. */
class ManualTime {
  now = 0;
  private timers: { at: number; run: () => void }[] = [];
  readonly clock = () => this.now;
  readonly schedule: Schedule = (run, ms) => {
    this.timers.push({ at: this.now + ms, run });
  };
  /** Moves the clock `ms` on, running each timer due on the way at its own instant, and what it starts. */
  async advance(ms: number): Promise<void> {
    const end = this.now + ms;
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at);
      const next = this.timers[0];
      if (!next || next.at > end) break;
      this.timers.shift();
      this.now = next.at;
      next.run();
      await settled();
    }
    this.now = end;
    await settled();
  }
}
/** Lets the reads started so far, and what their answers schedule, run to their end. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('the service’s snapshot-state cache (unit)', () => {
  let reads: number;
  let current: object | null = null;
  let fail: boolean;
  let fingerprint: string;
  let reader: SnapshotReader;
  let time: ManualTime;
  /** A database of this test alone (an earlier test's reader may still read ahead into its own). */
  const databaseOfThisTest = (): SnapshotReader => {
    const test = {};
    current = test;
    let n = 0;
    return async () => {
      n++;
      if (current === test) reads = n;
      if (fail) throw new Error('database unreachable');
      return view(`read ${n}`);
    };
  };
  const versionOf = async () => (await reader(QUERY))[0]!.current!.version;
  /** Counts the reads `work` waited for: a read it started and awaited. */
  const readsDuring = async (work: () => Promise<unknown>) => {
    const before = reads;
    await work();
    return reads - before;
  };

  beforeEach(() => {
    reads = 0;
    fail = false;
    fingerprint = 'a';
    time = new ManualTime();
    reader = cachedSnapshotReader(databaseOfThisTest(), () => fingerprint, MAX_AGE_MS, time);
  });

  it('serves a state younger than its age bound without reading the database', async () => {
    expect(await versionOf()).to.equal('read 1');
    expect(await readsDuring(versionOf)).to.equal(0);
  });

  it('a state asked for at intervals shorter than its age bound is read ahead between them, never on a request', async () => {
    await versionOf();
    for (let i = 0; i < 4; i++) {
      await time.advance(MAX_AGE_MS * 0.9);
      // Read ahead at four fifths of its age while nobody asked: the request finds it at hand.
      expect(await readsDuring(versionOf), `request ${i + 2}`).to.equal(0);
    }
    expect(reads, 'the first read and one read ahead per interval').to.equal(5);
  });

  it('a state no longer asked for is not read ahead, and expires: the next request reads it', async () => {
    await versionOf();
    await time.advance(MAX_AGE_MS * 3);
    expect(reads, 'the one read ahead within the age after the last request').to.equal(2);
    await time.advance(MAX_AGE_MS);
    expect(reads, 'nothing read while nobody asks').to.equal(2);
    expect(await readsDuring(versionOf)).to.equal(1);
  });

  it('never serves a state older than its age bound', async () => {
    fail = false;
    await versionOf();
    // The read ahead fails: the cached state is left to expire, then the failure is seen by a request.
    fail = true;
    await time.advance(MAX_AGE_MS * 0.9);
    expect(await versionOf()).to.equal('read 1');
    await time.advance(MAX_AGE_MS * 0.2);
    let refused: unknown = null;
    await versionOf().catch((err: unknown) => {
      refused = err;
    });
    expect(refused).to.be.an('error');
  });

  it('reads again at once when this process committed another snapshot state (the fingerprint changed)', async () => {
    await versionOf();
    fingerprint = 'b';
    expect(await versionOf()).to.equal('read 2');
  });
});
