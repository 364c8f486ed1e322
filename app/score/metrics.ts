/**
 * Evaluation metrics of a score: ROC AUC, average precision and a calibration table. No maintained npm
 * library computes these (the `ml-*` family has no ranking metrics), so they are small functions here,
 * each tested on cases worked by hand (test/app/score/metrics.unit.test.ts). They are metrics, not an
 * optimiser: nothing here is trained.
 */

/** One bucket of a calibration table: the rows whose predicted probability falls in [from, to). */
export interface CalibrationBucket {
  /** Lower bound of the predicted probability (inclusive). */
  from: number;
  /** Upper bound (exclusive, but the last bucket includes 1). */
  to: number;
  rows: number;
  positives: number;
  /** Mean predicted probability of the bucket's rows (null when empty). */
  meanPredicted: number | null;
  /** Observed positive rate of the bucket's rows (null when empty). */
  observedRate: number | null;
}

/**
 * Area under the ROC curve: the probability that a positive row is scored above a negative one, ties
 * counting one half (the Mann–Whitney U statistic over average ranks). NaN when one class is absent.
 */
export function rocAuc(labels: ArrayLike<number>, scores: ArrayLike<number>): number {
  const n = checkLengths(labels, scores);
  const order = sortedIndices(scores, 'ascending');
  let positives = 0;
  let positiveRankSum = 0;
  for (let i = 0; i < n; ) {
    let j = i;
    while (j + 1 < n && scores[order[j + 1] as number] === scores[order[i] as number]) j++;
    const averageRank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) {
      if (labels[order[k] as number] === 1) {
        positives++;
        positiveRankSum += averageRank;
      }
    }
    i = j + 1;
  }
  const negatives = n - positives;
  if (positives === 0 || negatives === 0) return Number.NaN;
  return (positiveRankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

/**
 * Average precision: the precision at each threshold weighted by the recall gained there,
 * AP = Σ (Rₖ − Rₖ₋₁) Pₖ over the distinct scores from the highest down (rows of equal score enter together,
 * as scikit-learn's `average_precision_score`). NaN when there is no positive row.
 */
export function averagePrecision(labels: ArrayLike<number>, scores: ArrayLike<number>): number {
  const n = checkLengths(labels, scores);
  let totalPositives = 0;
  for (let i = 0; i < n; i++) if (labels[i] === 1) totalPositives++;
  if (totalPositives === 0) return Number.NaN;
  const order = sortedIndices(scores, 'descending');
  let truePositives = 0;
  let seen = 0;
  let previousRecall = 0;
  let ap = 0;
  for (let i = 0; i < n; ) {
    let j = i;
    while (j + 1 < n && scores[order[j + 1] as number] === scores[order[i] as number]) j++;
    for (let k = i; k <= j; k++) if (labels[order[k] as number] === 1) truePositives++;
    seen = j + 1;
    const recall = truePositives / totalPositives;
    ap += (recall - previousRecall) * (truePositives / seen);
    previousRecall = recall;
    i = j + 1;
  }
  return ap;
}

/**
 * Calibration table: observed positive rate against mean predicted probability per bucket. Buckets are
 * given by their inner edges (`[0.01, 0.05, 0.2]` gives four buckets from 0 to 1: the score classes), or,
 * with a number, are that many buckets of equal row count over the sorted predictions (deciles for 10).
 */
export function calibrationTable(
  labels: ArrayLike<number>,
  predicted: ArrayLike<number>,
  buckets: number | readonly number[] = 10,
): CalibrationBucket[] {
  const n = checkLengths(labels, predicted);
  const edges = typeof buckets === 'number' ? quantileEdges(predicted, buckets) : [...buckets];
  const bounds = [0, ...edges, 1];
  const table = bounds
    .slice(0, -1)
    .map((from, i) => ({ from, to: bounds[i + 1] as number, sum: 0, rows: 0, positives: 0 }));
  for (let i = 0; i < n; i++) {
    const p = predicted[i] as number;
    let b = 0;
    while (b < edges.length && p >= (edges[b] as number)) b++;
    const bucket = table[b] as (typeof table)[number];
    bucket.rows++;
    bucket.sum += p;
    if (labels[i] === 1) bucket.positives++;
  }
  return table.map(({ from, to, sum, rows, positives }) => ({
    from,
    to,
    rows,
    positives,
    meanPredicted: rows === 0 ? null : sum / rows,
    observedRate: rows === 0 ? null : positives / rows,
  }));
}

/** Inner edges splitting the sorted values into `count` buckets of (about) equal size, without repeats. */
function quantileEdges(values: ArrayLike<number>, count: number): number[] {
  const sorted = Float64Array.from(values).sort();
  const edges: number[] = [];
  for (let k = 1; k < count; k++) {
    const edge = sorted[Math.floor((k * sorted.length) / count)];
    if (edge !== undefined && edge > 0 && edge !== edges[edges.length - 1]) edges.push(edge);
  }
  return edges;
}

function sortedIndices(values: ArrayLike<number>, direction: 'ascending' | 'descending'): Uint32Array {
  const order = new Uint32Array(values.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  const sign = direction === 'ascending' ? 1 : -1;
  return order.sort((a, b) => sign * ((values[a] as number) - (values[b] as number)));
}

function checkLengths(labels: ArrayLike<number>, scores: ArrayLike<number>): number {
  if (labels.length !== scores.length) {
    throw new Error(`labels (${labels.length}) and scores (${scores.length}) differ in length`);
  }
  return labels.length;
}
