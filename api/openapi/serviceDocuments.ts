import { scoreModeleSchema } from '../../schemas/responses/score.ts';
import { ALL_ERROR_CODES } from '../errors/errorCodes.ts';
import { SCORE_MODELE_PATH } from '../routes/score/scoreModeleRoute.ts';
import { errorResponseOf } from './errorResponses.ts';

/**
 * The free documents served beside the registry that a client reads as data (the registry's routes are
 * enveloped, cited and signed; these are not): the score's model card. Each an OpenAPI operation of the
 * document, listed under the free reading surface.
 */
export function serviceDocumentPaths(family: string): Record<string, Record<string, unknown>> {
  return {
    [SCORE_MODELE_PATH]: {
      get: {
        operationId: 'score.modele',
        summary:
          'Fiche du modèle de score : périodes, tailles, AUC, précision moyenne, calibration par classe, poids des variables / Score model card',
        description:
          'La fiche du modèle qui calcule le bloc `score` du dossier, du KYB et du rapport d’intelligence : fenêtres d’entraînement et de test, AUC et précision moyenne sur le test, taux observé par classe, variables et poids. Gratuite, non signée, jamais mise en cache partagé (`no-store`) : elle change quand le modèle est réentraîné. En HTML avec `Accept: text/html` ou `?format=html`. Sur la démonstration, son premier membre (`avertissement`) le dit.\n\nEN: The card of the model behind the `score` block: training and test windows, test AUC and average precision, observed failure rate per class, features and weights. Free, unsigned; HTML with `Accept: text/html`.',
        tags: [family],
        parameters: [
          {
            name: 'format',
            in: 'query',
            required: false,
            description: '`html` : la page plutôt que le JSON. / `html`: the page instead of JSON.',
            schema: { enum: ['html'] },
          },
        ],
        responses: {
          '200': {
            description: 'La fiche du modèle chargé. / The loaded model’s card.',
            headers: { 'Cache-Control': { schema: { const: 'no-store' } } },
            content: {
              'application/json': { schema: scoreModeleSchema },
              'text/html': { schema: { type: 'string' } },
            },
          },
          '404': errorResponseOf(
            404,
            ALL_ERROR_CODES.filter((c) => c.code === 'modele_score_absent'),
            false,
          ),
        },
        security: [],
        'x-prix': '$0',
        'x-prix-unites-atomiques': 0,
        'x-quota-gratuit': false,
        'x-registres': [],
      },
    },
  };
}
