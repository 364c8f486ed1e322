import { CLASSES_SCORE, CONFIANCES_SCORE } from '../enums/score.ts';
import type { JsonSchema } from '../jsonSchema.ts';
import { SIREN_SCHEMA } from '../params/siren.ts';

/** The `score` block of the dossier and the KYB: the contract's shape. */
export const scoreBlockSchema: JsonSchema = {
  type: 'object',
  required: ['siren', 'score_risque', 'classe', 'risque_12m', 'confiance', 'version_modele'],
  properties: {
    siren: SIREN_SCHEMA,
    score_risque: {
      type: 'integer',
      minimum: 0,
      maximum: 1000,
      description: 'round(1000 × risque_12m) : pour mille. / Per mille.',
    },
    classe: { enum: CLASSES_SCORE.map((c) => c.code), description: 'Liste fermée de GET /v1/lecture.' },
    risque_12m: {
      type: 'number',
      minimum: 0,
      maximum: 1,
      description:
        'Probabilité d’une procédure collective ouverte dans les 12 mois (modèle de GET /v1/score/modele). / Probability of a collective proceeding within 12 months.',
    },
    confiance: { enum: CONFIANCES_SCORE.map((c) => c.code), description: 'Liste fermée de GET /v1/lecture.' },
    version_modele: { type: 'string', description: 'SHA-256 du modèle (code, données, paramètres).' },
  },
};

const nullableNumber: JsonSchema = { type: ['number', 'null'] };
const count: JsonSchema = { type: 'integer', minimum: 0 };

const windowSchema = (withFigures: boolean): JsonSchema => ({
  type: 'object',
  required: [
    'date_coupure',
    'fin_fenetre_etiquette',
    'entreprises',
    'defaillances',
    ...(withFigures ? ['auc', 'precision_moyenne', 'calibration'] : []),
  ],
  properties: {
    date_coupure: { type: 'string', format: 'date', description: 'T : les variables sont lues avant T.' },
    fin_fenetre_etiquette: { type: 'string', format: 'date', description: 'T + 12 mois (exclue).' },
    entreprises: count,
    defaillances: count,
    ...(withFigures
      ? {
          auc: {
            ...nullableNumber,
            description: 'null : la fenêtre de test ne contient aucune défaillance.',
          },
          precision_moyenne: nullableNumber,
          calibration: {
            type: 'array',
            items: {
              type: 'object',
              required: ['classe', 'entreprises', 'defaillances', 'risque_moyen_predit', 'taux_observe'],
              properties: {
                classe: { enum: CLASSES_SCORE.map((c) => c.code) },
                entreprises: count,
                defaillances: count,
                risque_moyen_predit: nullableNumber,
                taux_observe: nullableNumber,
              },
            },
          },
        }
      : {}),
  },
});

/** GET /v1/score/modele: the model card. */
export const scoreModeleSchema: JsonSchema = {
  type: 'object',
  required: [
    'avertissement',
    'version_modele',
    'demo',
    'entraine_le',
    'methode',
    'entrainement',
    'test',
    'confiance',
    'variables',
    'poids',
    'versions_donnees',
    'documentation',
  ],
  properties: {
    avertissement: {
      type: ['string', 'null'],
      description: 'Première ligne de la fiche : dit quand le modèle est un modèle de démonstration.',
    },
    version_modele: { type: 'string' },
    demo: { type: 'boolean' },
    entraine_le: { type: 'string', format: 'date-time' },
    methode: { type: 'string' },
    entrainement: windowSchema(false),
    test: windowSchema(true),
    confiance: { enum: CONFIANCES_SCORE.map((c) => c.code) },
    variables: { type: 'array', items: { type: 'string' } },
    poids: {
      type: 'array',
      description:
        'Un poids par colonne encodée (variable:scaled, variable:binK, variable:missing), par |poids| décroissant.',
      items: {
        type: 'object',
        required: ['colonne', 'poids'],
        properties: { colonne: { type: 'string' }, poids: { type: 'number' } },
      },
    },
    constante: { type: 'number' },
    versions_donnees: { type: 'object', additionalProperties: { type: 'string' } },
    documentation: { type: 'string' },
  },
};
