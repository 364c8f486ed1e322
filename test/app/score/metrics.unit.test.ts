import { expect } from 'chai';
import { averagePrecision, calibrationTable, rocAuc } from '../../../app/score/metrics.ts';

describe('score metrics: ROC AUC', () => {
  it('is 1 when every positive is scored above every negative, 0 when below', () => {
    expect(rocAuc([0, 0, 1, 1], [0.1, 0.2, 0.8, 0.9])).to.equal(1);
    expect(rocAuc([1, 1, 0, 0], [0.1, 0.2, 0.8, 0.9])).to.equal(0);
  });

  it('counts the pairs a positive wins: 3 of 4 pairs give 0.75', () => {
    // positives 0.35 and 0.8; negatives 0.1 and 0.4: (0.35 > 0.1) + (0.8 > 0.1) + (0.8 > 0.4) = 3 of 4
    expect(rocAuc([0, 1, 0, 1], [0.1, 0.35, 0.4, 0.8])).to.equal(0.75);
  });

  it('counts a tie between a positive and a negative as half a pair', () => {
    expect(rocAuc([0, 1], [0.5, 0.5])).to.equal(0.5);
    // pairs: (0.5 vs 0.5) ½, (0.5 vs 0.2) 1, (0.9 vs 0.5) 1, (0.9 vs 0.2) 1 → 3.5 / 4
    expect(rocAuc([1, 0, 1, 0], [0.5, 0.5, 0.9, 0.2])).to.equal(0.875);
  });

  it('is NaN when one class is absent', () => {
    expect(rocAuc([0, 0], [0.1, 0.2])).to.be.NaN;
  });
});

describe('score metrics: average precision', () => {
  it('is 1 for a perfect ranking', () => {
    expect(averagePrecision([0, 1, 1, 0], [0.1, 0.9, 0.8, 0.2])).to.equal(1);
  });

  it('weights the precision at each positive by the recall it adds', () => {
    // ranked 0.9 (1), 0.8 (0), 0.7 (1), 0.1 (0): ½ × 1/1 + ½ × 2/3
    expect(averagePrecision([1, 0, 1, 0], [0.9, 0.8, 0.7, 0.1])).to.be.closeTo(0.5 + 1 / 3, 1e-12);
  });

  it('takes rows of equal score together, as scikit-learn does', () => {
    // one threshold holding a positive and a negative: recall 1 at precision ½
    expect(averagePrecision([1, 0], [0.5, 0.5])).to.equal(0.5);
  });
});

describe('score metrics: calibration table', () => {
  it('gives each class its rows, the mean predicted and the observed rate', () => {
    const table = calibrationTable([0, 0, 1, 0, 1, 1], [0.01, 0.03, 0.04, 0.3, 0.6, 0.9], [0.05, 0.5]);
    expect(table).to.deep.equal([
      {
        from: 0,
        to: 0.05,
        rows: 3,
        positives: 1,
        meanPredicted: (0.01 + 0.03 + 0.04) / 3,
        observedRate: 1 / 3,
      },
      { from: 0.05, to: 0.5, rows: 1, positives: 0, meanPredicted: 0.3, observedRate: 0 },
      { from: 0.5, to: 1, rows: 2, positives: 2, meanPredicted: 0.75, observedRate: 1 },
    ]);
  });

  it('shows an empty class with no rate rather than a zero', () => {
    const [, middle] = calibrationTable([0, 1], [0.01, 0.9], [0.05, 0.5]);
    expect(middle).to.include({ rows: 0, meanPredicted: null, observedRate: null });
  });

  it('cuts equal-count buckets when given a number', () => {
    const predicted = Array.from({ length: 100 }, (_, i) => (i + 0.5) / 100);
    const table = calibrationTable(
      predicted.map((p) => (p > 0.5 ? 1 : 0)),
      predicted,
      4,
    );
    expect(table.map((b) => b.rows)).to.deep.equal([25, 25, 25, 25]);
    expect(table.map((b) => b.observedRate)).to.deep.equal([0, 0, 1, 1]);
  });
});
