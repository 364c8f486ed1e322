import type { Knex } from 'knex';
import { addMonths, isIsoDate } from '../../api/routes/score/scoreDates.ts';
import { CLASS_EDGES, CLASSES_SCORE } from '../../schemas/enums/score.ts';
import {
  frenchTrainingSet,
  TRAINING_FEATURES,
  type TrainingSet,
  trainingDataVersions,
} from './frenchTrainingSet.ts';
import { SCORE_CODE_VERSION, type ScoreArtefact, type TrainingReport } from './scoreArtefact.ts';
import { type Evaluation, evaluate, train } from './scoreModel.ts';

/**
 * The code version of a French model: the core's, and the French features' (bumped when the training set's
 * rows or labels change: frenchTrainingSet.ts, api/routes/score/scoreFeatures.ts, schemas/enums/score.ts).
 */
export const FRENCH_CODE_VERSION = `${SCORE_CODE_VERSION}+fr-features/1`;

/** Fewer training rows than this: no model (its weights would say nothing). */
export const MIN_TRAINING_ROWS = 20;

/** Why a training window cannot give a model: a refusal, not a crash (exit code 1, one line). */
export class TrainingRefused extends Error {
  constructor(
    readonly raison: 'aucune_defaillance' | 'trop_peu_de_lignes' | 'dates_invalides',
    message: string,
  ) {
    super(message);
  }
}

export interface FrenchTrainingOptions {
  trainDate: string;
  /** Default: the train date + 12 months (the next window). */
  testDate?: string;
  epochs?: number;
  demo?: boolean;
  now?: () => Date;
}

/** The windows of a training: checked dates, the test window at or after the training one. */
export function trainingWindows(opts: { trainDate: string; testDate?: string }): {
  trainDate: string;
  testDate: string;
} {
  const { trainDate } = opts;
  const testDate = opts.testDate ?? addMonths(trainDate, 12);
  for (const [name, value] of [
    ['--train-date', trainDate],
    ['--test-date', testDate],
  ] as const) {
    if (!isIsoDate(value))
      throw new TrainingRefused('dates_invalides', `${name} ${value} is not a date YYYY-MM-DD`);
  }
  if (testDate < trainDate)
    throw new TrainingRefused(
      'dates_invalides',
      `--test-date ${testDate} is before --train-date ${trainDate}`,
    );
  return { trainDate, testDate };
}

/** Refuses a training set that cannot give a model. */
export function checkTrainingSet(set: TrainingSet): void {
  const window = `the window ${set.cutoff} → ${set.labelEnd}`;
  if (set.rows.length < MIN_TRAINING_ROWS)
    throw new TrainingRefused(
      'trop_peu_de_lignes',
      `${window} has ${set.rows.length} training companies, fewer than ${MIN_TRAINING_ROWS}`,
    );
  if (set.positives === 0)
    throw new TrainingRefused(
      'aucune_defaillance',
      `${window} holds no failure among its ${set.rows.length} training companies`,
    );
  if (set.positives === set.rows.length)
    throw new TrainingRefused('aucune_defaillance', `${window} holds failures only`);
}

const finiteOrNull = (v: number): number | null => (Number.isFinite(v) ? v : null);

/** The test figures of a model on a set, calibrated by score class. */
export function testFigures(artefact: ScoreArtefact, set: TrainingSet): TrainingReport['test'] {
  const e: Evaluation = evaluate(artefact, set.rows, set.labels, CLASS_EDGES);
  return {
    cutoff: set.cutoff,
    labelEnd: set.labelEnd,
    companies: e.rows,
    positives: e.positives,
    auc: finiteOrNull(e.auc),
    averagePrecision: finiteOrNull(e.averagePrecision),
    calibration: e.calibration.map((b, i) => ({
      classe: CLASSES_SCORE[i]!.code,
      rows: b.rows,
      positives: b.positives,
      meanPredicted: b.meanPredicted,
      observedRate: b.observedRate,
    })),
  };
}

/**
 * Trains the French model: the training set at the train date (train side of the split), checked; the model
 * (the core's L2 logistic regression); its figures on the test set at the test date (test side).
 */
export async function trainFrenchModel(knex: Knex, opts: FrenchTrainingOptions): Promise<ScoreArtefact> {
  const windows = trainingWindows(opts);
  const trainSet = await frenchTrainingSet(knex, windows.trainDate, 'train');
  checkTrainingSet(trainSet);
  const testSet = await frenchTrainingSet(knex, windows.testDate, 'test');
  const dataVersions = await trainingDataVersions(knex, windows);
  const artefact = await train(
    trainSet.rows,
    trainSet.labels,
    TRAINING_FEATURES,
    opts.epochs === undefined ? {} : { epochs: opts.epochs },
    { codeVersion: FRENCH_CODE_VERSION, dataVersions },
  );
  artefact.report = {
    demo: opts.demo === true,
    trainedAt: (opts.now ?? (() => new Date()))().toISOString(),
    train: {
      cutoff: trainSet.cutoff,
      labelEnd: trainSet.labelEnd,
      companies: trainSet.rows.length,
      positives: trainSet.positives,
    },
    test: testFigures(artefact, testSet),
  };
  return artefact;
}
