import { createHash } from 'node:crypto';
import type { Preprocessor, PreprocessParams } from './preprocessor.ts';

/** Bumped when a change of this folder's code changes what a model learns or predicts. */
export const SCORE_CODE_VERSION = 'score-core/1';

export const SCORE_ARTEFACT_FORMAT = 'registres-score-artefact/1';

/** The training parameters: preprocessing, then the L2-regularised logistic regression. */
export interface TrainParams extends PreprocessParams {
  /** λ of the penalty: loss = mean log-loss + λ/2 ‖w‖² (the intercept is not penalised). */
  l2: number;
  /** Adam's step size (tf.train.adam). */
  learningRate: number;
  /** Full-batch optimisation steps. */
  epochs: number;
}

/** A trained model, JSON-serialisable: everything `predict` needs, and what the model card shows. */
export interface ScoreArtefact {
  format: typeof SCORE_ARTEFACT_FORMAT;
  /** SHA-256 (hex) of the code version, the data versions and the parameters: see `modelVersion`. */
  version: string;
  codeVersion: string;
  /** The versions of the data trained on (source name → version, SHA-256 of a file…). */
  dataVersions: Record<string, string>;
  params: TrainParams;
  featureNames: string[];
  preprocessor: Preprocessor;
  /** One weight per encoded column (`preprocessor.columns`), and the intercept. */
  weights: number[];
  bias: number;
  training: { rows: number; positives: number; finalLoss: number };
  /**
   * What a French training measured (the model card's figures): outputs of the training, not inputs, so not
   * part of the version. Absent from a model trained elsewhere (the benchmark's).
   */
  report?: TrainingReport;
}

/** One row of a calibration table by score class. */
export interface ClassCalibration {
  classe: string;
  rows: number;
  positives: number;
  meanPredicted: number | null;
  observedRate: number | null;
}

/** The French training's windows, sizes and test figures. */
export interface TrainingReport {
  /** Trained on demo data (the card's first line says so). */
  demo: boolean;
  trainedAt: string;
  train: { cutoff: string; labelEnd: string; companies: number; positives: number };
  test: {
    cutoff: string;
    labelEnd: string;
    companies: number;
    positives: number;
    /** Null when the test window holds no failure (or only failures): no AUC, no average precision. */
    auc: number | null;
    averagePrecision: number | null;
    calibration: ClassCalibration[];
  };
}

/**
 * The model's version: SHA-256 of the canonical JSON (keys sorted) of the code version, the data versions
 * and the parameters. The same three give the same version; any change of one gives another.
 */
export function modelVersion(
  codeVersion: string,
  dataVersions: Record<string, string>,
  params: TrainParams,
): string {
  return createHash('sha256').update(canonicalJson({ codeVersion, dataVersions, params })).digest('hex');
}

/** The artefact as JSON text. */
export function serialiseArtefact(artefact: ScoreArtefact): string {
  return JSON.stringify(artefact);
}

/** Reads an artefact back; refuses another format or a version that its contents do not give. */
export function loadArtefact(json: string): ScoreArtefact {
  const artefact = JSON.parse(json) as ScoreArtefact;
  if (artefact.format !== SCORE_ARTEFACT_FORMAT)
    throw new Error(`not a score artefact: ${String(artefact.format)}`);
  const expected = modelVersion(artefact.codeVersion, artefact.dataVersions, artefact.params);
  if (artefact.version !== expected)
    throw new Error(`artefact version ${artefact.version} is not ${expected}`);
  if (artefact.weights.length !== artefact.preprocessor.columns.length) {
    throw new Error(
      `artefact has ${artefact.weights.length} weights for ${artefact.preprocessor.columns.length} columns`,
    );
  }
  return artefact;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
