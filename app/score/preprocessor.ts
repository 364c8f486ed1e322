/**
 * Feature preprocessing of the score model, learnt on the training rows only and kept in the artefact, so a
 * prediction transforms a row exactly as training did. A missing value is NaN.
 *
 * Per feature, in this order of columns:
 * - `scaled` (optional): the value clipped to the training rows' [q, 1 − q] quantiles, then centred and
 *   divided by the standard deviation of those clipped values (ratios have extreme tails: a ratio over a
 *   near-zero denominator would otherwise dominate a linear model); missing → 0, the training mean;
 * - `bin0 … binK` (optional): one column per quantile bin of the training values (a scorecard's bins:
 *   a linear model on them draws a step function per ratio, so a ratio whose risk is U-shaped is read
 *   right); missing → no bin;
 * - `missing`: 1 when the value is missing, present only if it was missing in some training row (whether
 *   a company publishes a ratio is itself a signal).
 */

export interface PreprocessParams {
  /** Keep a clipped, standardised copy of each feature. */
  scaled: boolean;
  /** Number of quantile bins per feature (0: none). */
  bins: number;
  /** Clipping quantile of `scaled` (0.01: the 1st and 99th percentiles). */
  clipQuantile: number;
}

/** What was learnt of one feature on the training rows. */
export interface FeatureTransform {
  name: string;
  /** Clipping bounds, mean and standard deviation of the clipped values (when `scaled`). */
  low: number;
  high: number;
  mean: number;
  sd: number;
  /** Inner bin edges: a value v falls in bin k = number of edges ≤ v (when `bins` > 0). */
  edges: number[];
  /** The feature was missing in at least one training row: it has a `missing` column. */
  missingColumn: boolean;
}

export interface Preprocessor {
  params: PreprocessParams;
  features: FeatureTransform[];
  /** Names of the encoded columns, in order (`Attr1:scaled`, `Attr1:bin0`, `Attr1:missing`). */
  columns: string[];
}

/** A row of features; NaN is a missing value. */
export type FeatureRow = ArrayLike<number>;

/** Learns the preprocessing of each feature from the training rows (and from nothing else). */
export function fitPreprocessor(
  rows: readonly FeatureRow[],
  featureNames: readonly string[],
  params: PreprocessParams,
): Preprocessor {
  const features = featureNames.map((name, f) => fitFeature(name, columnValues(rows, f), params));
  const columns = features.flatMap((feature) => columnNames(feature, params));
  return { params, features, columns };
}

/** The encoded row of `row` (a new array unless `out` is given). */
export function transformRow(prep: Preprocessor, row: FeatureRow, out?: Float64Array): Float64Array {
  const target = out ?? new Float64Array(prep.columns.length);
  target.fill(0);
  let c = 0;
  prep.features.forEach((feature, f) => {
    const value = row[f] as number;
    const missing = Number.isNaN(value);
    if (prep.params.scaled) {
      if (!missing)
        target[c] = (Math.min(feature.high, Math.max(feature.low, value)) - feature.mean) / feature.sd;
      c++;
    }
    if (prep.params.bins > 0) {
      if (!missing) target[c + binOf(feature.edges, value)] = 1;
      c += feature.edges.length + 1;
    }
    if (feature.missingColumn) {
      if (missing) target[c] = 1;
      c++;
    }
  });
  return target;
}

function fitFeature(name: string, values: Float64Array, params: PreprocessParams): FeatureTransform {
  const present = values.filter((v) => !Number.isNaN(v)).sort();
  const missingColumn = present.length < values.length;
  if (present.length === 0) return { name, low: 0, high: 0, mean: 0, sd: 1, edges: [], missingColumn };
  const low = quantile(present, params.clipQuantile);
  const high = quantile(present, 1 - params.clipQuantile);
  let sum = 0;
  for (const v of present) sum += Math.min(high, Math.max(low, v));
  const mean = sum / present.length;
  let squares = 0;
  for (const v of present) squares += (Math.min(high, Math.max(low, v)) - mean) ** 2;
  const sd = Math.sqrt(squares / present.length) || 1;
  const edges: number[] = [];
  for (let k = 1; k < params.bins; k++) {
    const edge = quantile(present, k / params.bins);
    if (edge > (present[0] as number) && edge !== edges[edges.length - 1]) edges.push(edge);
  }
  return { name, low, high, mean, sd, edges, missingColumn };
}

function columnNames(feature: FeatureTransform, params: PreprocessParams): string[] {
  const names: string[] = [];
  if (params.scaled) names.push(`${feature.name}:scaled`);
  if (params.bins > 0) for (let k = 0; k <= feature.edges.length; k++) names.push(`${feature.name}:bin${k}`);
  if (feature.missingColumn) names.push(`${feature.name}:missing`);
  return names;
}

function binOf(edges: readonly number[], value: number): number {
  let k = 0;
  while (k < edges.length && value >= (edges[k] as number)) k++;
  return k;
}

/** The q-quantile of sorted values (the lower of the two middle values: a value the data holds). */
function quantile(sorted: Float64Array, q: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.floor(q * (sorted.length - 1))));
  return sorted[index] as number;
}

function columnValues(rows: readonly FeatureRow[], f: number): Float64Array {
  const values = new Float64Array(rows.length);
  rows.forEach((row, i) => {
    values[i] = (row[f] as number | undefined) ?? Number.NaN;
  });
  return values;
}
