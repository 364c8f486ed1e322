import { type FeatureRow, transformRow } from './preprocessor.ts';
import type { ScoreArtefact } from './scoreArtefact.ts';

/**
 * The model's probability that the row's company fails: the preprocessing learnt at training, then a dot
 * product and the logistic function. Apart from scoreModel.ts so that serving a score never loads
 * TensorFlow.js.
 */
export function predict(artefact: ScoreArtefact, row: FeatureRow): number {
  const encoded = transformRow(artefact.preprocessor, row);
  let z = artefact.bias;
  for (let c = 0; c < encoded.length; c++) z += (artefact.weights[c] as number) * (encoded[c] as number);
  return 1 / (1 + Math.exp(-z));
}
