import type { HandlerDeps } from '../../catalogue/route.ts';
import { absentBlock, type BlockReading } from '../entreprise/blockReading.ts';

/**
 * The score of a company with its drivers (the contract's `score` block: `siren`, `score_risque`, `classe`,
 * `risque_12m`, `confiance`, `version_modele`, and what drove it), or why it is absent. The model that answers
 * it is wired by the app; the port is all the intelligence report knows of it. The same function fits the
 * KYB's `KybScoreReader`.
 */
export interface ScorePort {
  score(deps: HandlerDeps, siren: string, now: Date): Promise<BlockReading<Record<string, unknown>>>;
}

/** No model wired on this server: the block is absent, with the reason the KYB states for it. */
export const NO_SCORE_MODEL: ScorePort = {
  score: () =>
    Promise.resolve(
      absentBlock({
        bloc: 'score',
        raison: 'copie_indisponible',
        message:
          'Aucun modèle de score entraîné sur ce serveur (registres score train). / No score model trained on this server.',
      }),
    ),
};
