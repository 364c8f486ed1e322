import type { ConfianceScore } from '../../../schemas/enums/score.ts';

/** What the model card shows of a loaded model (the app maps its artefact to it). */
export interface ScoreModelFacts {
  version: string;
  demo: boolean;
  trainedAt: string;
  featureNames: readonly string[];
  weights: readonly { column: string; weight: number }[];
  bias: number;
  dataVersions: Readonly<Record<string, string>>;
  train: { cutoff: string; labelEnd: string; companies: number; positives: number };
  test: {
    cutoff: string;
    labelEnd: string;
    companies: number;
    positives: number;
    auc: number | null;
    averagePrecision: number | null;
    calibration: readonly {
      classe: string;
      rows: number;
      positives: number;
      meanPredicted: number | null;
      observedRate: number | null;
    }[];
  };
}

/** A model the routes can score with. */
export interface LoadedScoreModel {
  facts: ScoreModelFacts;
  confiance: ConfianceScore;
  /** The probability of a failure within 12 months for a row of SCORE_FEATURES. */
  predict(row: Float64Array): number;
  /**
   * What each feature adds to the log-odds of that probability (the sum of weight × encoded value over its
   * columns; the intercept apart), largest in absolute value first.
   */
  explain(row: Float64Array): { variable: string; contribution: number }[];
}

/** Why there is no model: none trained, or the demo's data holds no failure to train on. */
export interface ScoreModelAbsence {
  demo: boolean;
  message: string;
}

export type ScoreModelState =
  | { model: LoadedScoreModel }
  | { model: null; absence: ScoreModelAbsence | null };

/**
 * Where the routes get the model from (the app reads `<DATA_DIR>/score/model.json`, picking up a new one when
 * it appears; a test gives its own). The API never imports app/: it gets this injected.
 */
export interface ScoreModelSource {
  current(): Promise<ScoreModelState>;
}

/** No model at all (an app composed without one). */
export const NO_SCORE_MODEL: ScoreModelSource = {
  current: async () => ({ model: null, absence: null }),
};
