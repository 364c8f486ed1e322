import { expect } from 'chai';
import {
  crossingSeconds,
  type ProgressSample,
  positionAt,
  rangeTenthRates,
  samplesInRows,
  tenthRates,
} from '../../bench/sirene/passProgress.ts';

/** The log's head at each second: 100 positions a second for 10 s, then 50 a second (a slower second file). */
function samples(): ProgressSample[] {
  const out: ProgressSample[] = [];
  let position = 0n;
  for (let second = 0; second <= 30; second++) {
    out.push({ seconds: second, positions: { events: position } });
    position += second < 10 ? 100n : 50n;
  }
  return out;
}

describe('Benchmark progress: rates over the tenths of a pass', () => {
  it('finds when a position was reached, between two samples', () => {
    expect(crossingSeconds(samples(), 'events', 150n)).to.equal(1.5);
    expect(crossingSeconds(samples(), 'events', 1_000_000n)).to.equal(null);
  });

  it('reads where a part had got to at a moment, between two samples', () => {
    expect(positionAt(samples(), 'events', 1.5)).to.equal(150n);
    expect(positionAt(samples(), 'events', 12)).to.equal(1100n);
    expect(positionAt(samples(), 'events', 99)).to.equal(2000n);
    expect(positionAt(samples(), 'events', -1)).to.equal(null);
    expect(positionAt(samples(), 'search', 5)).to.equal(null);
  });

  it('the whole pass compares its first tenth with its last, whichever file each falls in', () => {
    // 2,000 rows: 1,000 at 100/s, then 1,000 at 50/s.
    const rates = tenthRates(samples(), 'events', { startedAt: 0n, rows: 2000, passStart: 0 });
    expect(rates).to.deep.equal({ first: 100, last: 50 });
  });

  it('one file of the pass compares its own first and last tenths, its clock starting where it starts', () => {
    const second = rangeTenthRates(samples(), 'events', { after: 1000n, rows: 1000 });
    expect(second).to.deep.equal({ first: 50, last: 50 });
    const first = rangeTenthRates(samples(), 'events', { after: 0n, rows: 1000, start: 0 });
    expect(first).to.deep.equal({ first: 100, last: 100 });
  });

  it('a range the samples never reached has no rates', () => {
    expect(rangeTenthRates(samples(), 'events', { after: 1000n, rows: 10_000 })).to.equal(null);
  });

  it('a block pass counts its positions in rows: a checkpoint at a block has applied its every row', () => {
    // SnapshotStarted at 10; blocks of 2,000, 2,000 and 500 rows at 11, 12, 13.
    const blocks = [
      { position: 11n, rows: 2000 },
      { position: 12n, rows: 2000 },
      { position: 13n, rows: 500 },
    ];
    const sampled: ProgressSample[] = [
      { seconds: 0, positions: { events: 10n, units: 9n } },
      { seconds: 1, positions: { events: 12n, units: 11n } },
      { seconds: 2, positions: { events: 13n, units: 13n } },
    ];
    expect(samplesInRows(sampled, 10n, blocks).map((s) => s.positions)).to.deep.equal([
      { events: 10n, units: 9n },
      { events: 4010n, units: 2010n },
      { events: 4510n, units: 4510n },
    ]);
    // Over 4,500 rows, the first tenth (450 rows) written at 4,000 rows a second.
    const rates = tenthRates(samplesInRows(sampled, 10n, blocks), 'events', {
      startedAt: 10n,
      rows: 4500,
      passStart: 0,
    });
    expect(rates?.first).to.equal(4000);
  });
});
