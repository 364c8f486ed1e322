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
