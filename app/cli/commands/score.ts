import fs from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { CliContext } from '../../../ops/commandContext.ts';
import { frenchTrainingSet } from '../../score/frenchTrainingSet.ts';
import { modelFileOf, writeModelFile } from '../../score/modelFile.ts';
import { loadArtefact, serialiseArtefact, type TrainingReport } from '../../score/scoreArtefact.ts';
import { TrainingRefused, testFigures, trainFrenchModel } from '../../score/trainFrenchModel.ts';

const TRAIN_USAGE =
  'usage: registres score train --train-date YYYY-MM-DD [--test-date YYYY-MM-DD] [--epochs N]';

const percent = (v: number | null) => (v === null ? '—' : `${(100 * v).toFixed(2)} %`);
const figure = (v: number | null) => (v === null ? 'n/a (the test window holds no failure)' : v.toFixed(4));

/** The test figures as lines: AUC, average precision, the calibration table by class. */
export function testFigureLines(test: TrainingReport['test']): string[] {
  return [
    `test window ${test.cutoff} → ${test.labelEnd}: ${test.companies} companies, ${test.positives} failures`,
    `AUC ${figure(test.auc)}`,
    `average precision ${figure(test.averagePrecision)}`,
    'class          rows  failures  mean predicted  observed rate',
    ...test.calibration.map(
      (c) =>
        `${c.classe.padEnd(13)} ${String(c.rows).padStart(5)} ${String(c.positives).padStart(9)} ${percent(c.meanPredicted).padStart(15)} ${percent(c.observedRate).padStart(14)}`,
    ),
  ];
}

/**
 * `registres score train`: trains the French risk score on the read models (app/score/trainFrenchModel.ts)
 * and writes the artefact to `<DATA_DIR>/score/model.json` atomically. Exit 0 written, 1 refused (a window
 * with no failure or too few rows: one line says which), 2 usage.
 */
export async function scoreTrainCommand(args: string[], ctx: CliContext): Promise<number> {
  let values: { 'train-date'?: string; 'test-date'?: string; epochs?: string };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        'train-date': { type: 'string' },
        'test-date': { type: 'string' },
        epochs: { type: 'string' },
      },
    }));
  } catch (err) {
    ctx.out(`${(err as Error).message}\n${TRAIN_USAGE}`);
    return 2;
  }
  const epochs = values.epochs === undefined ? undefined : Number(values.epochs);
  if (!values['train-date'] || (epochs !== undefined && (!Number.isInteger(epochs) || epochs < 1))) {
    ctx.out(TRAIN_USAGE);
    return 2;
  }
  try {
    const artefact = await ctx.withDatabase((db) =>
      trainFrenchModel(db.knex, {
        trainDate: values['train-date']!,
        ...(values['test-date'] ? { testDate: values['test-date'] } : {}),
        ...(epochs ? { epochs } : {}),
      }),
    );
    const file = await writeModelFile(ctx.config.dataDir, serialiseArtefact(artefact));
    const report = artefact.report!;
    ctx.out(`model ${artefact.version} written to ${file}`);
    ctx.out(
      `training window ${report.train.cutoff} → ${report.train.labelEnd}: ${report.train.companies} companies, ${report.train.positives} failures`,
    );
    for (const line of testFigureLines(report.test)) ctx.out(line);
    return 0;
  } catch (err) {
    if (err instanceof TrainingRefused) {
      ctx.out(`score train refused: ${err.message}`);
      return 1;
    }
    throw err;
  }
}

/**
 * `registres score evaluate`: the model of `<DATA_DIR>/score/model.json` on its test window, read again from
 * the read models as they are now: AUC, average precision and the calibration table by class. Exit 1 when
 * there is no model (or it does not load).
 */
export async function scoreEvaluateCommand(_args: string[], ctx: CliContext): Promise<number> {
  const file = modelFileOf(ctx.config.dataDir);
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch {
    ctx.out(`score evaluate: no model at ${file} (registres score train first)`);
    return 1;
  }
  let artefact: ReturnType<typeof loadArtefact>;
  try {
    artefact = loadArtefact(text);
  } catch (err) {
    ctx.out(`score evaluate: ${file} does not load: ${(err as Error).message}`);
    return 1;
  }
  const cutoff = artefact.report?.test.cutoff ?? artefact.dataVersions['fenetre.test'];
  if (!cutoff) {
    ctx.out(`score evaluate: ${file} names no test window`);
    return 1;
  }
  const test = await ctx.withDatabase(async (db) =>
    testFigures(artefact, await frenchTrainingSet(db.knex, cutoff, 'test')),
  );
  ctx.out(`model ${artefact.version}`);
  for (const line of testFigureLines(test)) ctx.out(line);
  return 0;
}
