/**
 * The AUC Zięba, Tomczak & Tomczak (2016) report for their gradient-boosting baseline (XGB: extreme
 * gradient boosting on the 64 ratios, without their synthetic features), per forecasting horizon, with where
 * each figure was read. "Ensemble boosted trees with synthetic features generation in application to
 * bankruptcy prediction", Expert Systems with Applications 58 (2016) 93-101, doi:10.1016/j.eswa.2016.04.001.
 * Horizon h is the file `<h>year.arff`: financial data of the h-th year, bankruptcy status after 6 − h years.
 *
 * The paper itself (its AUC table) could not be read on this machine: only its abstract pages are in the
 * search corpus. A figure is filled in only where a public text quotes it; null otherwise.
 */
export interface PaperFigure {
  auc: number | null;
  source: string;
}

export const PAPER_XGB_AUC: Record<number, PaperFigure> = {
  1: { auc: null, source: 'not found' },
  2: { auc: null, source: 'not found' },
  3: { auc: null, source: 'not found' },
  4: { auc: null, source: 'not found' },
  5: {
    auc: 0.951,
    source:
      "second-hand: the README of an HSE (ICEF) bachelor's paper on this data set, 'Modeling the Probability of " +
      "Corporate Default', quotes for the 1-year-ahead horizon (5year.arff) 'their plain XGBoost (0.951)' and " +
      "'EXGB, 0.955' (found with the code search's find_string, 'Zięba et al. (2016)', file id 54517476453)",
  },
};
