import fs from 'node:fs/promises';
import type {
  LoadedScoreModel,
  ScoreModelSource,
  ScoreModelState,
} from '../../api/routes/score/scoreModelSource.ts';
import { confianceOf } from '../../schemas/enums/score.ts';
import { type ModelAbsence, modelAbsenceFileOf, modelFileOf } from './modelFile.ts';
import { predict } from './predictScore.ts';
import { transformRow } from './preprocessor.ts';
import { loadArtefact, type ScoreArtefact } from './scoreArtefact.ts';

/** A model loaded for serving: its card's facts, its confidence, its prediction. */
export function loadedModelOf(artefact: ScoreArtefact): LoadedScoreModel {
  const report = artefact.report;
  if (!report) throw new Error('the artefact has no training report (not a French model)');
  return {
    facts: {
      version: artefact.version,
      demo: report.demo,
      trainedAt: report.trainedAt,
      featureNames: artefact.featureNames,
      weights: artefact.preprocessor.columns.map((column, i) => ({ column, weight: artefact.weights[i]! })),
      bias: artefact.bias,
      dataVersions: artefact.dataVersions,
      train: report.train,
      test: report.test,
    },
    confiance: confianceOf(report.train.companies, report.test),
    predict: (row) => predict(artefact, row),
    explain: (row) => contributionsOf(artefact, row),
  };
}

/** Per feature, Σ weight × encoded value over its columns (`name:scaled`, `name:binK`, `name:missing`). */
export function contributionsOf(
  artefact: ScoreArtefact,
  row: Float64Array,
): { variable: string; contribution: number }[] {
  const encoded = transformRow(artefact.preprocessor, row);
  const byFeature = new Map<string, number>();
  artefact.preprocessor.columns.forEach((column, c) => {
    const feature = column.slice(0, column.lastIndexOf(':'));
    byFeature.set(feature, (byFeature.get(feature) ?? 0) + artefact.weights[c]! * encoded[c]!);
  });
  return [...byFeature]
    .map(([variable, contribution]) => ({ variable, contribution }))
    .sort(
      (a, b) => Math.abs(b.contribution) - Math.abs(a.contribution) || (a.variable < b.variable ? -1 : 1),
    );
}

type Warn = (fields: Record<string, unknown>, message: string) => void;

/**
 * The model of `<DATA_DIR>/score/model.json`, read again when the file changes (its modification time and
 * size): a model trained while the server runs (the demo's, in the background) is picked up at the next call.
 * A file that does not load (loadArtefact refuses it) is logged once and treated as absent. Without a model,
 * the demo's note (`modele-absent.json`) says why, when there is one.
 */
export function fileScoreModelSource(dataDir: string, warn: Warn): ScoreModelSource {
  const file = modelFileOf(dataDir);
  let seen: string | null = null;
  let state: ScoreModelState = { model: null, absence: null };
  return {
    async current() {
      const stat = await fs.stat(file).catch(() => null);
      if (!stat) {
        seen = null;
        return { model: null, absence: await readAbsence(dataDir) };
      }
      const mark = `${stat.mtimeMs}:${stat.size}`;
      if (mark === seen) return state;
      seen = mark;
      try {
        state = { model: loadedModelOf(loadArtefact(await fs.readFile(file, 'utf8'))) };
      } catch (err) {
        warn({ file, err: (err as Error).message }, 'score model does not load: served as absent');
        state = { model: null, absence: null };
      }
      return state;
    },
  };
}

async function readAbsence(dataDir: string): Promise<ModelAbsence | null> {
  try {
    return JSON.parse(await fs.readFile(modelAbsenceFileOf(dataDir), 'utf8')) as ModelAbsence;
  } catch {
    return null;
  }
}
