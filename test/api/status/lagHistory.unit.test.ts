import { expect } from 'chai';
import { createLagHistory, recordingLag } from '../../../api/status/lagHistory.ts';

const status = (name: string, lag: number) => ({
  name,
  position: 0n,
  head: BigInt(lag),
  lag: BigInt(lag),
  lastError: null,
});

describe('The projections’ lag over 24 hours (unit)', () => {
  it('keeps one sample a minute: the largest lag of any projection read in it', () => {
    const history = createLagHistory();
    history.record([status('a', 3), status('b', 7)], new Date('2026-12-02T10:00:05Z'));
    history.record([status('a', 12)], new Date('2026-12-02T10:00:50Z'));
    history.record([status('a', 1)], new Date('2026-12-02T10:01:10Z'));
    expect(history.since(new Date('2026-12-02T10:02:00Z'))).to.deep.equal([
      { at: '2026-12-02T10:00:00.000Z', lag: 12 },
      { at: '2026-12-02T10:01:00.000Z', lag: 1 },
    ]);
  });

  it('forgets what is older than 24 hours', () => {
    const history = createLagHistory();
    history.record([status('a', 5)], new Date('2026-12-01T09:00:00Z'));
    history.record([status('a', 6)], new Date('2026-12-02T09:30:00Z'));
    expect(history.since(new Date('2026-12-02T10:00:00Z'))).to.deep.equal([
      { at: '2026-12-02T09:30:00.000Z', lag: 6 },
    ]);
  });

  it('is filled by every read of the positions made through recordingLag', async () => {
    const history = createLagHistory();
    const at = new Date('2026-12-02T10:00:00Z');
    const read = recordingLag(
      async () => [status('a', 4)],
      history,
      () => at,
    );
    expect(await read()).to.have.length(1);
    expect(history.since(at)).to.deep.equal([{ at: '2026-12-02T10:00:00.000Z', lag: 4 }]);
  });
});
