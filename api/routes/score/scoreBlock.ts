import type { Knex } from 'knex';
import { classeOf } from '../../../schemas/enums/score.ts';
import { absentBlock, type BlockReading, served } from '../entreprise/blockReading.ts';
import { readScoreFeatures, scorePopulation } from './scoreFeatures.ts';
import type { ScoreModelSource } from './scoreModelSource.ts';

/**
 * The block's price in the dossier: $0.05. It has no route of its own; it is what the alerts route ($0.01)
 * charges for one register's signals, times the five registers the score reads (Sirene, BODACC, the filed
 * accounts, GLEIF, DECP) through a trained model, and a third of the KYB ($0.15) that carries it among its
 * blocks. Peers sell a score dearer (Pappers: 30 credits) without publishing its accuracy.
 */
export const SCORE_BLOCK_PRICE = 50_000;

export const NO_MODEL_MESSAGE =
  'Aucun modèle de score chargé sur ce serveur (registres score train). / No score model loaded on this server.';

export const TOO_LITTLE_DATA_MESSAGE =
  'Trop peu de données pour noter cette entreprise (date de création ou catégorie juridique non publiée dans Sirene, ou radiation publiée au BODACC) : aucun score plutôt qu’une estimation. / Too little data to score this company: no score rather than a guess.';

/**
 * The `score` block of a company today: absent `copie_indisponible` when no model is loaded (its message says
 * why: none trained, or the demo data holds no failure), absent `aucune_donnee` when the company has too little
 * data for the model (scorePopulation), else the model's probability and its class.
 */
export async function readScoreBlock(
  knex: Knex,
  siren: string,
  now: Date,
  source: ScoreModelSource,
  opts: { drivers?: number } = {},
): Promise<BlockReading<Record<string, unknown>>> {
  const state = await source.current();
  if (!state.model) {
    return absentBlock({
      bloc: 'score',
      raison: 'copie_indisponible',
      message: state.absence?.message ?? NO_MODEL_MESSAGE,
    });
  }
  const today = now.toISOString().slice(0, 10);
  const rateable = await scorePopulation(knex, today, [siren]);
  const row = rateable.length === 1 ? (await readScoreFeatures(knex, today, [siren])).get(siren) : undefined;
  if (!row) return absentBlock({ bloc: 'score', raison: 'aucune_donnee', message: TOO_LITTLE_DATA_MESSAGE });
  const risque = state.model.predict(row);
  return served(
    {
      siren,
      score_risque: Math.round(1000 * risque),
      classe: classeOf(risque),
      risque_12m: Math.round(risque * 1e6) / 1e6,
      confiance: state.model.confiance,
      version_modele: state.model.facts.version,
      ...(opts.drivers
        ? {
            facteurs: state.model
              .explain(row)
              .slice(0, opts.drivers)
              .map((d) => ({ variable: d.variable, contribution: Math.round(d.contribution * 1e4) / 1e4 })),
          }
        : {}),
    },
    [],
  );
}
