import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { addMonths } from '../../api/routes/score/scoreDates.ts';
import {
  isFailureNotice,
  judgmentDateOf,
  readScoreFeatures,
  readScoreNotices,
  SCORE_FEATURES,
  scorePopulation,
} from '../../api/routes/score/scoreFeatures.ts';
import { readSnapshotStates } from '../../projections/core/snapshotState.ts';
import {
  BODACC_ANNONCES_PROJECTION,
  bodaccRevision,
} from '../../projections/fr-bodacc-annonces/bodaccAnnoncesProjection.ts';
import { decpProjection } from '../../projections/fr-decp/decpProjection.ts';
import { LISTE_PROJECTION } from '../../projections/fr-entreprises-liste/listeProjection.ts';
import { etablissementsProjection } from '../../projections/fr-sirene-etablissements/etablissementsProjection.ts';
import { unitesLegalesProjection } from '../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import { GLEIF_PROJECTION } from '../../projections/gleif/gleifProjection.ts';
import { FR_BODACC_REGISTER } from '../../schemas/events/frBodaccEvents.ts';
import { FR_DECP_REGISTER } from '../../schemas/events/frDecpEvents.ts';
import { FR_RATIOS_INPI_BCE_REGISTER } from '../../schemas/events/frRatiosInpiBceEvents.ts';
import { FR_SIRENE_REGISTER } from '../../schemas/events/frSireneEvents.ts';
import { GLEIF_REGISTER } from '../../schemas/events/gleifEvents.ts';

/**
 * The French training set of the risk score, from the service's read models. For a cut-off date T:
 * - the companies: those the score can rate at T (scorePopulation: created before T, a legal category, not
 *   struck off in a notice published before T), of one side of the split (`splitOf`);
 * - the features: readScoreFeatures at T, facts dated before T only;
 * - the label: 1 when a judgment of the closed failure list (schemas/enums/score.ts) dated in [T, T + 12 months)
 *   is published for the company in a notice not taken back (readScoreNotices: annulled, retracted or
 *   rectified notices dropped, the rectifying one kept), else 0.
 * The features never read a fact dated at or after T, the labels never one before T (test/app/score/).
 */

/** The label's horizon: a failure within this many months after T. */
export const LABEL_MONTHS = 12;

/** Share of companies held out for the test window. */
export const TEST_SHARE = 0.2;

/**
 * The side of the split a company is on, from its SIREN alone: the first four bytes of SHA-256(siren) as a
 * fraction of 2³²; under `TEST_SHARE` it is a test company. Deterministic, so a company is on the same side
 * at every training and in `score evaluate`.
 */
export function splitOf(siren: string): 'train' | 'test' {
  const hash = createHash('sha256').update(siren).digest();
  return hash.readUInt32BE(0) / 2 ** 32 < TEST_SHARE ? 'test' : 'train';
}

export interface TrainingSet {
  cutoff: string;
  /** End (exclusive) of the label window: T + 12 months. */
  labelEnd: string;
  split: 'train' | 'test';
  sirens: string[];
  rows: Float64Array[];
  labels: number[];
  positives: number;
}

/** The companies of `sirens` that fail in [from, to): SIREN → the first such judgment's date. */
export async function failuresBetween(
  knex: Knex,
  sirens: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, string>> {
  // A judgment dated in the window is published after it: read publications up to 6 months later.
  const notices = await readScoreNotices(knex, sirens, {
    from,
    to: addMonths(to, 6),
    knownBefore: '9999-12-31',
    collectiveOnly: true,
  });
  const failures = new Map<string, string>();
  for (const n of notices) {
    const date = judgmentDateOf(n);
    if (date < from || date >= to || !isFailureNotice(n)) continue;
    if (!failures.has(n.siren) || date < failures.get(n.siren)!) failures.set(n.siren, date);
  }
  return failures;
}

/** The training (or test) set at cut-off `cutoff`. */
export async function frenchTrainingSet(
  knex: Knex,
  cutoff: string,
  split: 'train' | 'test',
): Promise<TrainingSet> {
  const sirens = (await scorePopulation(knex, cutoff)).filter((s) => splitOf(s) === split);
  const features = await readScoreFeatures(knex, cutoff, sirens);
  const labelEnd = addMonths(cutoff, LABEL_MONTHS);
  const failures = await failuresBetween(knex, sirens, cutoff, labelEnd);
  const kept = sirens.filter((s) => features.has(s));
  const labels: number[] = kept.map((s) => (failures.has(s) ? 1 : 0));
  return {
    cutoff,
    labelEnd,
    split,
    sirens: kept,
    rows: kept.map((s) => features.get(s)!),
    labels,
    positives: labels.reduce((a, b) => a + b, 0),
  };
}

export const TRAINING_FEATURES: readonly string[] = SCORE_FEATURES;

/** The registers the training set reads, and their read models. */
const TRAINING_SOURCES = {
  registers: [
    FR_SIRENE_REGISTER,
    FR_BODACC_REGISTER,
    FR_RATIOS_INPI_BCE_REGISTER,
    GLEIF_REGISTER,
    FR_DECP_REGISTER,
  ],
  projections: [
    unitesLegalesProjection.name,
    etablissementsProjection.name,
    BODACC_ANNONCES_PROJECTION,
    LISTE_PROJECTION,
    GLEIF_PROJECTION,
    decpProjection.name,
  ],
};

/**
 * The versions of the data a model is trained on: per register, its current snapshot's version and SHA-256
 * (`none` when the read models hold none), the BODACC read model's revision (it is fed notice by notice), and
 * the windows (the cut-off dates are data, not parameters: another date is other rows).
 */
export async function trainingDataVersions(
  knex: Knex,
  windows: { trainDate: string; testDate: string },
): Promise<Record<string, string>> {
  const states = await readSnapshotStates(knex, TRAINING_SOURCES);
  const versions: Record<string, string> = {};
  for (const s of states)
    versions[s.register] = s.current ? `${s.current.version} sha256:${s.current.sha256}` : 'none';
  versions[`${FR_BODACC_REGISTER}#revision`] = await bodaccRevision(knex);
  versions['fenetre.entrainement'] = windows.trainDate;
  versions['fenetre.test'] = windows.testDate;
  return versions;
}
