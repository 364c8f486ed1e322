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

describe('the service’s snapshot-state cache (unit)', () => {
  let clock: number;
  let reads: number;
  let fail: boolean;
  let fingerprint: string;
  let reader: SnapshotReader;
  const database: SnapshotReader = async () => {
    reads++;
    if (fail) throw new Error('database unreachable');
    return view(`read ${reads}`);
  };
  const versionOf = async () => (await reader(QUERY))[0]!.current!.version;
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  beforeEach(() => {
    clock = 0;
    reads = 0;
    fail = false;
    fingerprint = 'a';
    reader = cachedSnapshotReader(
      database,
      () => fingerprint,
      5000,
      () => clock,
    );
  });

  it('serves a state younger than half its age without reading the database', async () => {
    expect(await versionOf()).to.equal('read 1');
    clock = 2000;
    expect(await versionOf()).to.equal('read 1');
    expect(reads).to.equal(1);
  });

  it('serves a state past half its age at once and reads it anew beside: asked every 4.5 s, never waits', async () => {
    await versionOf();
    for (let i = 1; i <= 4; i++) {
      clock = i * 4500;
      // The answer at hand (read 4.5 s ago), the new read under way.
      expect(await versionOf()).to.equal(`read ${i}`);
      await settle();
      expect(reads).to.equal(i + 1);
    }
  });

  it('never serves a state older than its age bound: past it, the request waits for a new read', async () => {
    await versionOf();
    clock = 5000;
    expect(await versionOf()).to.equal('read 2');
    expect(reads).to.equal(2);
  });

  it('reads again at once when this process committed another snapshot state (the fingerprint changed)', async () => {
    await versionOf();
    fingerprint = 'b';
    expect(await versionOf()).to.equal('read 2');
  });

  it('a new read that fails leaves the cached state to expire at its own age, then the failure is seen', async () => {
    await versionOf();
    fail = true;
    clock = 3000;
    expect(await versionOf()).to.equal('read 1');
    await settle();
    clock = 4999;
    expect(await versionOf()).to.equal('read 1');
    clock = 5000;
    let refused: unknown = null;
    await versionOf().catch((err: unknown) => {
      refused = err;
    });
    expect(refused).to.be.an('error');
  });

  it('a new read that began before a commit does not replace the state read after it', async () => {
    await versionOf();
    clock = 3000;
    const before = reader(QUERY);
    fingerprint = 'b';
    expect(await versionOf()).to.equal('read 3');
    await before;
    await settle();
    expect(await versionOf()).to.equal('read 3');
  });
});
