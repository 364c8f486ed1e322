import { expect } from 'chai';
import { fitPreprocessor, transformRow } from '../../../app/score/preprocessor.ts';

const PARAMS = { scaled: true, bins: 4, clipQuantile: 0.1 };
const NAMES = ['ratio', 'other'];
/** Ten training rows: `ratio` 1 … 10, `other` missing in one row. */
const TRAINING = Array.from({ length: 10 }, (_, i) => [i + 1, i === 3 ? Number.NaN : 100 - i]);

describe('score preprocessing, learnt on the training rows', () => {
  it('names its columns: scaled value, one per quantile bin, and a missing flag where training had one', () => {
    const prep = fitPreprocessor(TRAINING, NAMES, PARAMS);
    expect(prep.columns).to.deep.equal([
      'ratio:scaled',
      'ratio:bin0',
      'ratio:bin1',
      'ratio:bin2',
      'ratio:bin3',
      'other:scaled',
      'other:bin0',
      'other:bin1',
      'other:bin2',
      'other:bin3',
      'other:missing',
    ]);
  });

  it('clips a value beyond the training quantiles to them, so an outlier does not dominate', () => {
    const prep = fitPreprocessor(TRAINING, NAMES, PARAMS);
    const [ratio] = prep.features;
    expect(ratio).to.include({ low: 1, high: 9 });
    const huge = transformRow(prep, [1e9, 95]);
    const high = transformRow(prep, [9, 95]);
    expect(huge[0]).to.equal(high[0]);
  });

  it('encodes a missing value as the mean (0), no bin, and its flag', () => {
    const prep = fitPreprocessor(TRAINING, NAMES, PARAMS);
    const row = transformRow(prep, [5, Number.NaN]);
    expect(Array.from(row.slice(5))).to.deep.equal([0, 0, 0, 0, 0, 1]);
  });

  it('is not moved by the held-out rows it transforms: only training rows shape it', () => {
    const prep = fitPreprocessor(TRAINING, NAMES, PARAMS);
    const learnt = structuredClone(prep);
    const probe = Array.from(transformRow(prep, [5, 95]));
    for (const row of [
      [1e6, -1e6],
      [-1e6, Number.NaN],
    ]) {
      transformRow(prep, row);
    }
    expect(prep).to.deep.equal(learnt);
    expect(Array.from(transformRow(prep, [5, 95]))).to.deep.equal(probe);
    // fitted with those rows, the clipping bounds would have moved: the check above is not vacuous
    const leaky = fitPreprocessor([...TRAINING, [1e6, -1e6], [-1e6, Number.NaN]], NAMES, {
      ...PARAMS,
      clipQuantile: 0,
    });
    expect(leaky.features[0]?.high).to.equal(1e6);
  });
});
