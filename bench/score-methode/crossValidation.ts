import type { FeatureRow } from '../../app/score/preprocessor.ts';
import type { TrainParams } from '../../app/score/scoreArtefact.ts';
import { predict, train } from '../../app/score/scoreModel.ts';
import { mulberry32 } from '../core/mulberry32.ts';

/**
 * Stratified k-fold assignment: the positive and the negative rows are each shuffled (seeded) and dealt
 * round-robin to the folds, so every fold holds about the same share of bankruptcies. Returns each row's fold.
 */
export function stratifiedFolds(labels: ArrayLike<number>, folds: number, seed: number): Uint8Array {
  const random = mulberry32(seed);
  const assignment = new Uint8Array(labels.length);
  for (const cls of [0, 1]) {
    const members: number[] = [];
    for (let i = 0; i < labels.length; i++) if (labels[i] === cls) members.push(i);
    for (let i = members.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [members[i], members[j]] = [members[j] as number, members[i] as number];
    }
    members.forEach((row, k) => {
      assignment[row] = k % folds;
    });
  }
  return assignment;
}

/**
 * Out-of-fold predictions: for each fold, a model trained on the other folds' rows and labels only
 * (preprocessing included) predicts the fold's rows. A held-out row's label never reaches a model that
 * scores it.
 */
export async function outOfFoldPredictions(
  rows: readonly FeatureRow[],
  labels: ArrayLike<number>,
  assignment: Uint8Array,
  folds: number,
  featureNames: readonly string[],
  params: Partial<TrainParams>,
  dataVersions: (fold: number) => Record<string, string> = () => ({}),
): Promise<Float64Array> {
  const predicted = new Float64Array(rows.length);
  for (let fold = 0; fold < folds; fold++) {
    const trainRows: FeatureRow[] = [];
    const trainLabels: number[] = [];
    rows.forEach((row, i) => {
      if (assignment[i] === fold) return;
      trainRows.push(row);
      trainLabels.push(labels[i] as number);
    });
    const artefact = await train(trainRows, trainLabels, featureNames, params, {
      dataVersions: dataVersions(fold),
    });
    rows.forEach((row, i) => {
      if (assignment[i] === fold) predicted[i] = predict(artefact, row);
    });
  }
  return predicted;
}
