import { expect } from 'chai';
import type { RegisterSnapshotView, SnapshotReader } from '../../../api/catalogue/snapshotReader.ts';
import { cachedSnapshotReader } from '../../../app/server/cachedSnapshotReader.ts';

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
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the service’s snapshot-state cache (unit)', () => {
  let reads: number;
  let current: object | null = null;
  let fail: boolean;
  let fingerprint: string;
  let reader: SnapshotReader;
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
    reader = cachedSnapshotReader(databaseOfThisTest(), () => fingerprint, MAX_AGE_MS);
  });

  it('serves a state younger than its age bound without reading the database', async () => {
    expect(await versionOf()).to.equal('read 1');
    expect(await readsDuring(versionOf)).to.equal(0);
  });

  it('a state asked for at intervals shorter than its age bound is read ahead between them, never on a request', async () => {
    await versionOf();
    for (let i = 0; i < 4; i++) {
      await sleep(MAX_AGE_MS * 0.9);
      // Read ahead at four fifths of its age while nobody asked: the request finds it at hand.
      expect(await readsDuring(versionOf), `request ${i + 2}`).to.equal(0);
    }
    expect(reads, 'one read ahead per interval').to.be.within(4, 6);
  });

  it('a state no longer asked for is not read ahead, and expires: the next request reads it', async () => {
    await versionOf();
    await sleep(MAX_AGE_MS * 3);
    const settled = reads;
    expect(settled, 'at most the one read ahead within the age after the last request').to.be.at.most(2);
    await sleep(MAX_AGE_MS);
    expect(reads, 'nothing read while nobody asks').to.equal(settled);
    expect(await readsDuring(versionOf)).to.equal(1);
  });

  it('never serves a state older than its age bound', async () => {
    fail = false;
    await versionOf();
    // The read ahead fails: the cached state is left to expire, then the failure is seen by a request.
    fail = true;
    await sleep(MAX_AGE_MS * 0.9);
    expect(await versionOf()).to.equal('read 1');
    await sleep(MAX_AGE_MS * 0.2);
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
