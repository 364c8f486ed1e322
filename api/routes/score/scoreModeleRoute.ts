import { CLASSES_SCORE } from '../../../schemas/enums/score.ts';
import { ApiError } from '../../errors/apiError.ts';
import { dataTable } from '../../pages/dataTable.ts';
import { answerHtml, escapeHtml } from '../../pages/html.ts';
import { renderPage, type SiteLinks } from '../../pages/pageLayout.ts';
import { pagePolicy } from '../../pages/siteAssets.ts';
import type { AppMiddleware } from '../../state.ts';
import type { LoadedScoreModel, ScoreModelSource } from './scoreModelSource.ts';

export const SCORE_MODELE_PATH = '/v1/score/modele';

export const DEMO_WARNING =
  'Modèle de démonstration, entraîné sur les données de démonstration (quelques dizaines d’entreprises réelles) : ses chiffres ne disent rien de ce que vaut le modèle entraîné sur les registres complets. / Demo model, trained on the demo data (a few dozen real companies): its figures say nothing of the model trained on the full registers.';

const METHODE =
  'Régression logistique pénalisée L2 (TensorFlow.js), variables lues avant la date de coupure T dans les modèles de lecture du service (Sirene, BODACC, comptes déposés, GLEIF, DECP) ; étiquette : jugement d’ouverture d’une procédure collective (liste fermée) dans les 12 mois après T ; entreprises réparties entre entraînement et test par une empreinte du SIREN. / L2-penalised logistic regression on features read before the cut-off date; label: a collective proceeding opened within 12 months.';

/** The model card as JSON: the first member says when the model is a demo. */
export function modelCardOf(model: LoadedScoreModel): Record<string, unknown> {
  const f = model.facts;
  return {
    avertissement: f.demo ? DEMO_WARNING : null,
    version_modele: f.version,
    demo: f.demo,
    entraine_le: f.trainedAt,
    methode: METHODE,
    entrainement: {
      date_coupure: f.train.cutoff,
      fin_fenetre_etiquette: f.train.labelEnd,
      entreprises: f.train.companies,
      defaillances: f.train.positives,
    },
    test: {
      date_coupure: f.test.cutoff,
      fin_fenetre_etiquette: f.test.labelEnd,
      entreprises: f.test.companies,
      defaillances: f.test.positives,
      auc: f.test.auc,
      precision_moyenne: f.test.averagePrecision,
      calibration: f.test.calibration.map((c) => ({
        classe: c.classe,
        entreprises: c.rows,
        defaillances: c.positives,
        risque_moyen_predit: c.meanPredicted,
        taux_observe: c.observedRate,
      })),
    },
    confiance: model.confiance,
    variables: [...f.featureNames],
    poids: [...f.weights]
      .sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight) || (a.column < b.column ? -1 : 1))
      .map((w) => ({ colonne: w.column, poids: w.weight })),
    constante: f.bias,
    versions_donnees: { ...f.dataVersions },
    documentation: 'docs/score.md',
  };
}

const pct = (v: unknown) => (typeof v === 'number' ? `${(100 * v).toFixed(2)} %` : '—');
const dec = (v: unknown) => (typeof v === 'number' ? v.toFixed(4) : 'n/a');

function renderCard(site: SiteLinks, card: Record<string, unknown>): string {
  const train = card.entrainement as Record<string, number | string>;
  const test = card.test as Record<string, unknown> & { calibration: Record<string, unknown>[] };
  const poids = card.poids as { colonne: string; poids: number }[];
  const body = `<p>${escapeHtml(String(card.methode))}</p>
<dl>
<dt>Version du modèle / Model version</dt><dd><code>${escapeHtml(String(card.version_modele))}</code></dd>
<dt>Entraînement / Training</dt><dd>T = ${escapeHtml(String(train.date_coupure))}, étiquettes jusqu’au ${escapeHtml(String(train.fin_fenetre_etiquette))} (exclu) : ${train.entreprises} entreprises, ${train.defaillances} défaillances</dd>
<dt>Test</dt><dd>T = ${escapeHtml(String(test.date_coupure))}, étiquettes jusqu’au ${escapeHtml(String(test.fin_fenetre_etiquette))} (exclu) : ${test.entreprises} entreprises, ${test.defaillances} défaillances</dd>
<dt>AUC (test)</dt><dd>${test.auc === null ? 'n/a : la fenêtre de test ne contient aucune défaillance / no failure in the test window' : dec(test.auc)}</dd>
<dt>Précision moyenne / Average precision (test)</dt><dd>${dec(test.precision_moyenne)}</dd>
<dt>Confiance / Confidence</dt><dd>${escapeHtml(String(card.confiance))}</dd>
</dl>
${dataTable({
  id: 'calibration',
  caption: 'Calibration par classe (période de test) / Calibration by class (test period)',
  columns: [
    { label: 'Classe' },
    { label: 'Entreprises', numeric: true },
    { label: 'Défaillances', numeric: true },
    { label: 'Risque moyen prédit', numeric: true },
    { label: 'Taux observé', numeric: true },
  ],
  rows: test.calibration.map((c) => [
    escapeHtml(String(c.classe)),
    String(c.entreprises),
    String(c.defaillances),
    pct(c.risque_moyen_predit),
    pct(c.taux_observe),
  ]),
})}
${dataTable({
  id: 'poids',
  caption: 'Poids des variables encodées, par valeur absolue décroissante / Weights of the encoded features',
  columns: [{ label: 'Colonne' }, { label: 'Poids', numeric: true }],
  rows: poids.map((w) => [`<code>${escapeHtml(w.colonne)}</code>`, w.poids.toFixed(4)]),
})}
<p>Classes : ${CLASSES_SCORE.map((c) => `<code>${c.code}</code> ${escapeHtml(c.signification.split(' / ')[0]!)}`).join(' ; ')}.</p>`;
  return renderPage({
    site,
    title: 'Fiche du modèle de score / Score model card',
    body,
    notice: card.demo ? { kind: 'alerte', text: DEMO_WARNING } : undefined,
  });
}

/**
 * GET /v1/score/modele, free and unsigned: the model card of the loaded score model, as JSON, or as a page
 * with `Accept: text/html` (or `?format=html`). No model: 404 `modele_score_absent`, its message saying why
 * (none trained, or the demo data holds no failure).
 */
export function scoreModeleRoute(deps: { source: ScoreModelSource; site: SiteLinks }): AppMiddleware {
  const csp = pagePolicy();
  return async function scoreModeleMiddleware(ctx) {
    const state = await deps.source.current();
    ctx.vary('Accept');
    ctx.set('Cache-Control', 'no-store');
    if (!state.model) {
      throw new ApiError(
        404,
        'modele_score_absent',
        state.absence?.message ??
          'Aucun modèle de score chargé sur ce serveur (registres score train). / No score model loaded on this server.',
      );
    }
    const card = modelCardOf(state.model);
    if (ctx.query.format === 'html' || ctx.accepts('json', 'html') === 'html') {
      answerHtml(ctx, renderCard(deps.site, card), csp);
      return;
    }
    ctx.body = card;
  };
}
