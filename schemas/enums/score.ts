/**
 * The closed lists of the risk score (the dossier's and the KYB's `score` block, the model card at
 * GET /v1/score/modele): what counts as a failure in the labels, the classes and the confidence. The classes
 * and confidences are served by GET /v1/lecture; docs/score.md says how each is decided.
 */

/** The procedures a failure opens (the label of the French training set). */
export type ProcedureDefaillance = 'sauvegarde' | 'redressement_judiciaire' | 'liquidation_judiciaire';

/**
 * The BODACC judgments that count as a failure: a collective proceeding opened (or a liquidation pronounced,
 * or a proceeding converted into a harsher one) by a court. Read from the notice's `jugement.famille` and
 * `jugement.nature` only, folded (no accents, lower case). A nature matching `JUGEMENTS_EXCLUS` first is never a
 * failure, whatever else it says (a management ban or a personal bankruptcy pronounced "in the liquidation of…"
 * is about a person; a closing or a claims list follows an opening already counted).
 */
export const JUGEMENTS_DEFAILLANCE = [
  {
    code: 'ouverture_sauvegarde',
    procedure: 'sauvegarde',
    famille: /jugement d'ouverture/,
    nature: /sauvegarde/,
    signification:
      'Jugement d’ouverture d’une procédure de sauvegarde (accélérée ou non). / Opening of a safeguard proceeding.',
  },
  {
    code: 'ouverture_redressement_judiciaire',
    procedure: 'redressement_judiciaire',
    famille: /jugement d'ouverture/,
    nature: /redressement judiciaire/,
    signification:
      'Jugement d’ouverture d’un redressement judiciaire. / Opening of a judicial reorganisation.',
  },
  {
    code: 'ouverture_liquidation_judiciaire',
    procedure: 'liquidation_judiciaire',
    famille: /jugement d'ouverture/,
    nature: /liquidation judiciaire/,
    signification:
      'Jugement d’ouverture d’une liquidation judiciaire (simplifiée ou non). / Opening of a judicial liquidation.',
  },
  {
    code: 'prononce_liquidation_judiciaire',
    procedure: 'liquidation_judiciaire',
    famille: /./,
    nature: /prononcant la liquidation judiciaire|conversion .*en liquidation judiciaire/,
    signification:
      'Jugement prononçant la liquidation judiciaire ou convertissant une procédure en liquidation (y compris après résolution d’un plan). / Judgment pronouncing a liquidation or converting a proceeding into one.',
  },
  {
    code: 'conversion_redressement_judiciaire',
    procedure: 'redressement_judiciaire',
    famille: /./,
    nature: /conversion .*en redressement judiciaire/,
    signification:
      'Jugement convertissant une sauvegarde en redressement judiciaire. / Judgment converting a safeguard into a judicial reorganisation.',
  },
] as const satisfies readonly {
  code: string;
  procedure: ProcedureDefaillance;
  famille: RegExp;
  nature: RegExp;
  signification: string;
}[];

export type JugementDefaillance = (typeof JUGEMENTS_DEFAILLANCE)[number]['code'];

/** Natures never counted as a failure (checked before the list above). */
export const JUGEMENTS_EXCLUS =
  /faillite personnelle|interdiction de gerer|interdiction prevue|etat des creances|cloture|mettant fin|arretant le plan|modifiant le plan|plan de cession/;

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’']/g, "'")
    .toLowerCase();

/** The failure a BODACC judgment publishes, or null when it publishes none. */
export function failureJudgmentOf(
  famille: string | null | undefined,
  nature: string | null | undefined,
): JugementDefaillance | null {
  const n = fold(nature ?? '');
  const f = fold(famille ?? '');
  if (n === '' || JUGEMENTS_EXCLUS.test(n)) return null;
  return JUGEMENTS_DEFAILLANCE.find((j) => j.famille.test(f) && j.nature.test(n))?.code ?? null;
}

/**
 * `score.classe`, by `risque_12m` (the model's probability of a collective proceeding within 12 months): each
 * class holds the probabilities from the previous class's bound (inclusive) to its own (exclusive).
 */
export const CLASSES_SCORE = [
  {
    code: 'sain',
    jusqua: 0.02,
    signification:
      'Risque de procédure collective à 12 mois inférieur à 2 %. / Risk of a collective proceeding within 12 months below 2%.',
  },
  {
    code: 'a_surveiller',
    jusqua: 0.05,
    signification: 'Risque à 12 mois de 2 % à moins de 5 %. / 12-month risk from 2% to under 5%.',
  },
  {
    code: 'fragile',
    jusqua: 0.15,
    signification: 'Risque à 12 mois de 5 % à moins de 15 %. / 12-month risk from 5% to under 15%.',
  },
  {
    code: 'risque_eleve',
    jusqua: null,
    signification: 'Risque à 12 mois de 15 % ou plus. / 12-month risk of 15% or more.',
  },
] as const;

export type ClasseScore = (typeof CLASSES_SCORE)[number]['code'];

/** The inner bounds of the classes (the calibration table's buckets): [0.02, 0.05, 0.15]. */
export const CLASS_EDGES: readonly number[] = CLASSES_SCORE.flatMap((c) =>
  c.jusqua === null ? [] : [c.jusqua],
);

/** The class of a probability. */
export function classeOf(risque: number): ClasseScore {
  return CLASSES_SCORE.find((c) => c.jusqua === null || risque < c.jusqua)!.code;
}

/** Below this many companies trained on, a model's `confiance` is `faible` whatever its test figures. */
export const MIN_COMPANIES_FOR_CONFIDENCE = 10_000;

/**
 * `score.confiance`: how far the model that gave the score can be trusted, from its size and its test figures
 * (the model card's): `faible` under 10,000 companies trained on or without a test AUC; `elevee` from a test
 * AUC of 0.85 on 100 failures or more; `moyenne` otherwise.
 */
export const CONFIANCES_SCORE = [
  {
    code: 'faible',
    signification:
      'Modèle entraîné sur moins de 10 000 entreprises, ou sans AUC mesurée sur la période de test. / Model trained on fewer than 10,000 companies, or with no test AUC.',
  },
  {
    code: 'moyenne',
    signification:
      'Au moins 10 000 entreprises, AUC de test mesurée mais sous 0,85 ou sur moins de 100 défaillances. / At least 10,000 companies, test AUC under 0.85 or on fewer than 100 failures.',
  },
  {
    code: 'elevee',
    signification:
      'Au moins 10 000 entreprises et AUC de test d’au moins 0,85 sur 100 défaillances ou plus. / At least 10,000 companies and a test AUC of 0.85 or more on 100 failures or more.',
  },
] as const;

export type ConfianceScore = (typeof CONFIANCES_SCORE)[number]['code'];

/** The confidence of a model from its training size and its test figures. */
export function confianceOf(
  trainedCompanies: number,
  test: { auc: number | null; positives: number } | null,
): ConfianceScore {
  if (trainedCompanies < MIN_COMPANIES_FOR_CONFIDENCE || !test || test.auc === null) return 'faible';
  return test.auc >= 0.85 && test.positives >= 100 ? 'elevee' : 'moyenne';
}
