/**
 * The score model's core: train, predict, evaluate. Pure computation over rows of numbers; reading the
 * features (the service's read models, a benchmark's files) is the caller's.
 *
 *   const artefact = await train(rows, labels, featureNames, { l2: 1e-3 }, { dataVersions });
 *   predict(artefact, row)                  → probability of the positive class (a failure), in [0, 1]
 *   evaluate(artefact, rows, labels, edges) → { auc, averagePrecision, calibration[] }
 *   serialiseArtefact / loadArtefact        → JSON text, its version checked on load (scoreArtefact.ts)
 *
 * Rows are arrays of numbers (number[] or Float64Array), NaN where a value is missing, in the order of
 * `featureNames`; labels are 0 or 1. The model is an L2-regularised logistic regression fitted with
 * TensorFlow.js (`@tensorflow/tfjs`, CPU backend, pure JavaScript): its Adam optimiser and automatic
 * gradients minimise the penalised log-loss; nothing here is a hand-written optimiser. Why this model and
 * library: docs/score.md.
 */
import * as tf from '@tensorflow/tfjs';
import { averagePrecision, type CalibrationBucket, calibrationTable, rocAuc } from './metrics.ts';
import { predict } from './predictScore.ts';
import { type FeatureRow, fitPreprocessor, transformRow } from './preprocessor.ts';
import {
  modelVersion,
  SCORE_ARTEFACT_FORMAT,
  SCORE_CODE_VERSION,
  type ScoreArtefact,
  type TrainParams,
} from './scoreArtefact.ts';

export { predict };

export const DEFAULT_TRAIN_PARAMS: TrainParams = {
  scaled: true,
  bins: 5,
  clipQuantile: 0.01,
  l2: 1e-3,
  learningRate: 0.05,
  epochs: 300,
};

export interface TrainOptions {
  /** Defaults to SCORE_CODE_VERSION; a caller may add its own (a commit). */
  codeVersion?: string;
  dataVersions?: Record<string, string>;
}

export interface Evaluation {
  rows: number;
  positives: number;
  auc: number;
  averagePrecision: number;
  calibration: CalibrationBucket[];
}

/** Trains a model on the rows and their labels; preprocessing is learnt on these rows only. */
export async function train(
  rows: readonly FeatureRow[],
  labels: ArrayLike<number>,
  featureNames: readonly string[],
  params: Partial<TrainParams> = {},
  options: TrainOptions = {},
): Promise<ScoreArtefact> {
  checkTrainingSet(rows, labels, featureNames);
  const full: TrainParams = { ...DEFAULT_TRAIN_PARAMS, ...params };
  const preprocessor = fitPreprocessor(rows, featureNames, full);
  const width = preprocessor.columns.length;
  const matrix = new Float32Array(rows.length * width);
  const encoded = new Float64Array(width);
  rows.forEach((row, i) => {
    matrix.set(transformRow(preprocessor, row, encoded), i * width);
  });
  let positives = 0;
  for (let i = 0; i < labels.length; i++) if (labels[i] === 1) positives++;
  const fitted = await fitLogistic(matrix, Float32Array.from(labels), rows.length, width, positives, full);
  const codeVersion = options.codeVersion ?? SCORE_CODE_VERSION;
  const dataVersions = options.dataVersions ?? {};
  return {
    format: SCORE_ARTEFACT_FORMAT,
    version: modelVersion(codeVersion, dataVersions, full),
    codeVersion,
    dataVersions,
    params: full,
    featureNames: [...featureNames],
    preprocessor,
    weights: fitted.weights,
    bias: fitted.bias,
    training: { rows: rows.length, positives, finalLoss: fitted.loss },
  };
}

function checkTrainingSet(
  rows: readonly FeatureRow[],
  labels: ArrayLike<number>,
  featureNames: readonly string[],
): void {
  if (rows.length !== labels.length) throw new Error(`${rows.length} rows for ${labels.length} labels`);
  const wrongRow = rows.findIndex((row) => row.length !== featureNames.length);
  if (wrongRow >= 0) {
    throw new Error(
      `row ${wrongRow} has ${rows[wrongRow]?.length} values for ${featureNames.length} features`,
    );
  }
  for (let i = 0; i < labels.length; i++) {
    if (labels[i] !== 0 && labels[i] !== 1) throw new Error(`label ${i} is ${labels[i]}, not 0 or 1`);
  }
}

/** AUC, average precision and calibration table of the model on labelled rows (see calibrationTable). */
export function evaluate(
  artefact: ScoreArtefact,
  rows: readonly FeatureRow[],
  labels: ArrayLike<number>,
  buckets: number | readonly number[] = 10,
): Evaluation {
  return evaluatePredictions(
    labels,
    rows.map((row) => predict(artefact, row)),
    buckets,
  );
}

/** The same figures for predictions already made (pooled over cross-validation folds, say). */
export function evaluatePredictions(
  labels: ArrayLike<number>,
  predicted: ArrayLike<number>,
  buckets: number | readonly number[] = 10,
): Evaluation {
  let positives = 0;
  for (let i = 0; i < labels.length; i++) if (labels[i] === 1) positives++;
  return {
    rows: labels.length,
    positives,
    auc: rocAuc(labels, predicted),
    averagePrecision: averagePrecision(labels, predicted),
    calibration: calibrationTable(labels, predicted, buckets),
  };
}

/** Minimises mean log-loss + λ/2 ‖w‖² with tf.train.adam, full batch, from w = 0 and b = logit(base rate). */
async function fitLogistic(
  matrix: Float32Array,
  labels: Float32Array,
  n: number,
  width: number,
  positives: number,
  params: TrainParams,
): Promise<{ weights: number[]; bias: number; loss: number }> {
  await ensureBackend();
  const rate = Math.min(1 - 1e-6, Math.max(1e-6, positives / Math.max(1, n)));
  const x = tf.tensor2d(matrix, [n, width]);
  const y = tf.tensor2d(labels, [n, 1]);
  const w = tf.variable(tf.zeros([width, 1]));
  const b = tf.variable(tf.scalar(Math.log(rate / (1 - rate))));
  const optimiser = tf.train.adam(params.learningRate);
  const loss = () =>
    tf.tidy(() =>
      tf.add(
        tf.losses.sigmoidCrossEntropy(y, tf.add(tf.matMul(x, w), b)),
        tf.mul(params.l2 / 2, tf.sum(tf.square(w))),
      ),
    ) as tf.Scalar;
  try {
    let last = Number.NaN;
    for (let epoch = 0; epoch < params.epochs; epoch++) {
      const value = optimiser.minimize(loss, epoch === params.epochs - 1);
      if (value) {
        last = (await value.data())[0] as number;
        value.dispose();
      }
    }
    const weights = Array.from(await w.data());
    const bias = (await b.data())[0] as number;
    return { weights, bias, loss: last };
  } finally {
    tf.dispose([x, y, w, b]);
    optimiser.dispose();
  }
}

let backendReady: Promise<void> | undefined;

/** The pure-JavaScript CPU backend, without TensorFlow.js's debug checks and console advice. */
function ensureBackend(): Promise<void> {
  backendReady ??= (async () => {
    tf.env().set('PROD', true);
    await tf.setBackend('cpu');
    await tf.ready();
  })();
  return backendReady;
}
