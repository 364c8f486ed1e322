import path from 'node:path';
import { expect } from 'chai';
import { outOfFoldPredictions, stratifiedFolds } from '../../../bench/score-methode/crossValidation.ts';
import { readArffFile } from '../../../bench/score-methode/readArff.ts';
import { SOURCE_ROOT } from '../../../ops/sourceRoot.ts';

const EXCERPT = path.join(SOURCE_ROOT, 'test/fixtures/polish-bankruptcy/1year-excerpt.arff');

describe('score benchmark cross-validation', () => {
  it('deals the bankrupt rows evenly over the folds', () => {
    const labels = [...new Array(30).fill(0), ...new Array(10).fill(1)];
    const folds = stratifiedFolds(labels, 5, 7);
    for (let fold = 0; fold < 5; fold++) {
      expect(labels.filter((label, i) => label === 1 && folds[i] === fold)).to.have.length(2);
    }
  });

  it("scores a held-out row the same whatever the held-out rows' labels are: no leakage", async () => {
    const table = await readArffFile(EXCERPT);
    const names = table.attributes.map((_, i) => `Attr${i + 1}`);
    const assignment = stratifiedFolds(table.labels, 2, 11);
    const params = { epochs: 30, learningRate: 0.1, bins: 3 };
    const flipped = Uint8Array.from(table.labels, (label, i) => (assignment[i] === 0 ? 1 - label : label));
    const asPublished = await outOfFoldPredictions(table.rows, table.labels, assignment, 2, names, params);
    const withFlips = await outOfFoldPredictions(table.rows, flipped, assignment, 2, names, params);
    const fold0 = (_: unknown, i: number) => assignment[i] === 0;
    expect(Array.from(withFlips.filter(fold0))).to.deep.equal(Array.from(asPublished.filter(fold0)));
    // the flips did reach the model trained on fold 0 (which scores fold 1): the check above is not vacuous
    expect(Array.from(withFlips.filter((_, i) => assignment[i] === 1))).to.not.deep.equal(
      Array.from(asPublished.filter((_, i) => assignment[i] === 1)),
    );
  });
});
