import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { rocAuc } from '../app/score/metrics.ts';
import type { TrainParams } from '../app/score/scoreArtefact.ts';
import { type Evaluation, evaluatePredictions } from '../app/score/scoreModel.ts';
import type { BenchContext } from './core/benchContext.ts';
import { printTable, type TableRow } from './core/printTable.ts';
import { outOfFoldPredictions, stratifiedFolds } from './score-methode/crossValidation.ts';
import { PAPER_XGB_AUC } from './score-methode/paperAuc.ts';
import { type ArffTable, readArffFile } from './score-methode/readArff.ts';

export const description =
  "The score model's method on the Polish bankruptcy data (UCI): 10-fold AUC per horizon vs Zięba et al. (2016)";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_DIR = path.resolve(HERE, '../data/polish-bankruptcy');
const UCI_PAGE = 'https://archive.ics.uci.edu/dataset/365/polish+companies+bankruptcy+data';
const HORIZONS = [1, 2, 3, 4, 5] as const;

const USAGE = `registres bench score-methode [--data DIR] [--folds 10] [--seed N] [--bins 5] [--l2 0.001] [--epochs 300]

${description}.
Reads 1year.arff … 5year.arff from DIR (default data/polish-bankruptcy, git-ignored; download the data set's
zip from ${UCI_PAGE}). For each horizon present: stratified k-fold cross-validation (seeded), the model of
app/score (L2 logistic regression on preprocessing learnt on each fold's training rows) trained on k − 1 folds
and scored on the held-out one; prints the mean and standard deviation of the k folds' AUC beside the AUC the
paper reports for its gradient-boosting baseline, then the pooled out-of-fold average precision and calibration.
Exits 2 when no file is found.`;

interface HorizonResult {
  horizon: number;
  table: ArffTable;
  sha256: string;
  foldAuc: number[];
  pooled: Evaluation;
  seconds: number;
}

export async function run(argv: string[], ctx: BenchContext): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      data: { type: 'string' },
      folds: { type: 'string' },
      seed: { type: 'string' },
      bins: { type: 'string' },
      l2: { type: 'string' },
      epochs: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    for (const line of USAGE.split('\n')) ctx.out(line);
    return 0;
  }
  const dir = path.resolve(values.data ?? DEFAULT_DIR);
  const folds = Number(values.folds ?? 10);
  const seed = Number(values.seed ?? 20161001);
  const params: Partial<TrainParams> = {
    ...(values.bins !== undefined ? { bins: Number(values.bins) } : {}),
    ...(values.l2 !== undefined ? { l2: Number(values.l2) } : {}),
    ...(values.epochs !== undefined ? { epochs: Number(values.epochs) } : {}),
  };
  const present = await presentHorizons(dir);
  if (present.length === 0) {
    ctx.out(`no 1year.arff … 5year.arff in ${dir}`);
    ctx.out(`Download the Polish companies bankruptcy data (CC BY 4.0) from ${UCI_PAGE}`);
    ctx.out(`and unzip its five ARFF files into ${dir} (or pass --data DIR).`);
    return 2;
  }
  const results: HorizonResult[] = [];
  for (const horizon of present) {
    const file = path.join(dir, `${horizon}year.arff`);
    const table = await readArffFile(file);
    const sha256 = createHash('sha256')
      .update(await fs.readFile(file))
      .digest('hex');
    results.push({ ...(await crossValidate(horizon, table, sha256, folds, seed, params)), sha256 });
  }
  printResults(results, present, dir, folds, ctx);
  return 0;
}

async function presentHorizons(dir: string): Promise<number[]> {
  const found: number[] = [];
  for (const horizon of HORIZONS) {
    const exists = await fs.stat(path.join(dir, `${horizon}year.arff`)).then(
      () => true,
      () => false,
    );
    if (exists) found.push(horizon);
  }
  return found;
}

/** UCI names the ratios Attr1 … Attr64 whatever a copy's header calls them. */
const featureNames = (count: number) => Array.from({ length: count }, (_, i) => `Attr${i + 1}`);

async function crossValidate(
  horizon: number,
  table: ArffTable,
  sha256: string,
  folds: number,
  seed: number,
  params: Partial<TrainParams>,
): Promise<Omit<HorizonResult, 'sha256'>> {
  const started = performance.now();
  const assignment = stratifiedFolds(table.labels, folds, seed);
  const names = featureNames(table.attributes.length);
  const outOfFold = await outOfFoldPredictions(
    table.rows,
    table.labels,
    assignment,
    folds,
    names,
    params,
    (fold) => ({
      [`${horizon}year.arff`]: sha256,
      folds: `all but fold ${fold + 1} of ${folds}, seed ${seed}`,
    }),
  );
  const foldAuc: number[] = [];
  for (let fold = 0; fold < folds; fold++) {
    const inFold = (_: unknown, i: number) => assignment[i] === fold;
    foldAuc.push(rocAuc(table.labels.filter(inFold), outOfFold.filter(inFold)));
  }
  const pooled = evaluatePredictions(table.labels, outOfFold, 10);
  return { horizon, table, foldAuc, pooled, seconds: (performance.now() - started) / 1000 };
}

function printResults(
  results: HorizonResult[],
  present: number[],
  dir: string,
  folds: number,
  ctx: BenchContext,
): void {
  const rows: TableRow[] = HORIZONS.map((horizon) => {
    const result = results.find((r) => r.horizon === horizon);
    const paper = PAPER_XGB_AUC[horizon]?.auc ?? null;
    if (!result) return { horizon: `${horizon}year`, rows: 'file absent', 'paper XGB AUC': fixed(paper) };
    const { mean, sd } = meanSd(result.foldAuc);
    const positives = result.table.labels.reduce((a, b) => a + b, 0);
    return {
      horizon: `${horizon}year`,
      rows: result.table.rows.length,
      'bankrupt share': `${((100 * positives) / result.table.rows.length).toFixed(2)} %`,
      'our AUC (mean ± sd)': `${mean.toFixed(3)} ± ${sd.toFixed(3)}`,
      'paper XGB AUC': fixed(paper),
      difference: paper === null ? 'n/a' : (mean - paper).toFixed(3),
      seconds: result.seconds.toFixed(1),
    };
  });
  printTable(
    `score-methode: ${folds}-fold cross-validated AUC, ${dir} (horizons present: ${present.join(', ')})`,
    rows,
    ctx.out,
  );
  const pooled: TableRow[] = results.map(({ horizon, pooled: p }) => ({
    horizon: `${horizon}year`,
    'pooled AUC': p.auc.toFixed(3),
    'average precision': p.averagePrecision.toFixed(3),
    'base rate': (p.positives / p.rows).toFixed(3),
    'max |observed − predicted| (deciles)': maxCalibrationGap(p).toFixed(3),
    'top decile: predicted / observed': topDecile(p),
  }));
  printTable('out-of-fold predictions pooled over the folds', pooled, ctx.out);
  ctx.out('');
  for (const r of results) ctx.out(`file ${r.horizon}year.arff: SHA-256 ${r.sha256}`);
  for (const horizon of HORIZONS)
    ctx.out(`paper ${horizon}year: ${PAPER_XGB_AUC[horizon]?.source ?? 'not found'}`);
}

function meanSd(values: number[]): { mean: number; sd: number } {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, values.length - 1));
  return { mean, sd };
}

function maxCalibrationGap(p: Evaluation): number {
  let gap = 0;
  for (const b of p.calibration) {
    if (b.meanPredicted !== null && b.observedRate !== null)
      gap = Math.max(gap, Math.abs(b.observedRate - b.meanPredicted));
  }
  return gap;
}

function topDecile(p: Evaluation): string {
  const top = p.calibration[p.calibration.length - 1];
  if (!top || top.meanPredicted === null || top.observedRate === null) return '';
  return `${top.meanPredicted.toFixed(3)} / ${top.observedRate.toFixed(3)}`;
}

const fixed = (value: number | null) => (value === null ? 'not found' : value.toFixed(3));
