import { BODACC_ANNONCES_PROJECTION } from '../../../projections/fr-bodacc-annonces/bodaccAnnoncesProjection.ts';
import { EU_VIES_REGISTER } from '../../../schemas/events/euViesEvents.ts';
import { FR_BODACC_REGISTER } from '../../../schemas/events/frBodaccEvents.ts';
import { FR_RNE_REGISTER } from '../../../schemas/events/frRneEvents.ts';
import { FR_SIRENE_REGISTER } from '../../../schemas/events/frSireneEvents.ts';
import { GLEIF_REGISTER } from '../../../schemas/events/gleifEvents.ts';
import { sirenPathParam } from '../../../schemas/params/siren.ts';
import { kybSchema } from '../../../schemas/responses/kyb.ts';
import type { RouteDefinition } from '../../catalogue/route.ts';
import { SIRENE_COVERAGE_ERRORS } from '../entreprise/sireneCoverage.ts';
import { SIRENE_FRESHNESS, SIRENE_PROJECTIONS } from '../entreprise.ts';
import { readScoreBlock } from '../score/scoreBlock.ts';
import { NO_SCORE_MODEL } from '../score/scoreModelSource.ts';
import { kybBatchRouteOf } from './kybBatchRoute.ts';
import { kybSanctionsScreen, SCREENED_LISTS } from './kybSanctionsScreen.ts';
import { type KybScoreReader, type KybSources, readKyb } from './readKyb.ts';

/** $0.15 (contract). */
export const KYB_PRICE = 150_000;

/**
 * GET /v1/kyb/{siren}, built from what it screens against and scores with (the app wires the sanctions lists
 * and the model it holds; a test wires its own).
 */
export function kybRouteOf(
  sources: KybSources,
  screened: { registers: readonly string[]; projections: readonly string[] } = {
    registers: [],
    projections: [],
  },
): RouteDefinition {
  const screenedRegisters = screened.registers;
  return {
    id: 'kyb.entreprise',
    tool: {
      name: 'get_french_company_kyb',
      title: 'KYB check of a French company',
      description:
        'A know-your-business check of a French company by SIREN: identity and status, head office, officers (legal persons named, natural persons counted by role), collective proceedings (BODACC), the VAT number checked live with VIES, the LEI group, the risk score, sanctions screening of the company, its legal-person officers and parents against the asset-freeze lists held, and red flags (signaux) each with its source. Blocks a source could not answer are named in blocs_absents.',
    },
    method: 'GET',
    path: '/v1/kyb/{siren}',
    summary:
      'Vérification KYB d’une entreprise française : identité, dirigeants, procédures, TVA (VIES), groupe LEI, score, criblage sanctions et signaux d’alerte.',
    description:
      'Mêmes refus que la fiche entreprise (non facturés). Dirigeants personnes physiques comptés par fonction, jamais nommés. Chaque signal (`signaux[]`, liste fermée de GET /v1/lecture) nomme sa source et sa référence. Un bloc qu’une source n’a pas pu servir est nommé dans `blocs_absents` avec sa raison ; il ne lève ni n’efface aucun signal. Le criblage porte sur les personnes morales : l’entreprise, ses dirigeants personnes morales (RNE) et ses mères (GLEIF), par identifiant publié puis par nom normalisé ; chaque résultat donne la liste, l’entrée et la méthode.',
    params: [sirenPathParam],
    price: KYB_PRICE,
    freeTier: false,
    errors: [...SIRENE_COVERAGE_ERRORS, 'compte_incoherent'],
    registers: [
      FR_SIRENE_REGISTER,
      FR_BODACC_REGISTER,
      FR_RNE_REGISTER,
      EU_VIES_REGISTER,
      GLEIF_REGISTER,
      ...screenedRegisters,
    ],
    // Sirene names the company and the screened lists are what a KYB is bought for: stale, they refuse it.
    // BODACC stale makes the proceedings absent; the live sources and GLEIF state their own absence.
    registersFor: () => [FR_SIRENE_REGISTER, FR_BODACC_REGISTER, ...screenedRegisters],
    freshnessDegrades: [FR_BODACC_REGISTER],
    projections: [...SIRENE_PROJECTIONS, BODACC_ANNONCES_PROJECTION, ...screened.projections],
    freshness: SIRENE_FRESHNESS,
    responseSchema: kybSchema,
    handler: (ctx, deps) => readKyb(ctx, deps, sources),
  };
}

/** The KYB's score: the model the service holds (HandlerDeps.scoreModel), absent with its reason without one. */
export const kybScore: KybScoreReader = (deps, siren, now) =>
  readScoreBlock(deps.knex, siren, now, deps.scoreModel ?? NO_SCORE_MODEL);

/**
 * The KYB the service serves: screened against the EU and French asset-freeze lists held here, scored with the
 * model it holds.
 */
export const kybRoute: RouteDefinition = kybRouteOf(
  { screen: kybSanctionsScreen, score: kybScore },
  SCREENED_LISTS,
);

/** POST /v1/kyb/batch: the same KYB, for up to 100 companies, charged per company served. */
export const kybBatchRoute: RouteDefinition = kybBatchRouteOf(kybRoute, {
  screen: kybSanctionsScreen,
  score: kybScore,
});
