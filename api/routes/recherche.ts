import { RECHERCHE_PROJECTION } from '../../projections/fr-sirene-recherche/rechercheProjection.ts';
import {
  type SearchOutcome,
  searchCompanies,
} from '../../projections/fr-sirene-recherche/searchCompanies.ts';
import type { FoundCompany } from '../../projections/fr-sirene-recherche/searchStages.ts';
import { FR_SIRENE_API_REGISTER } from '../../schemas/events/frSireneApiEvents.ts';
import { FR_SIRENE_REGISTER } from '../../schemas/events/frSireneEvents.ts';
import { parseFrenchIdentifier } from '../../schemas/params/frenchIdentifier.ts';
import { checkSearchText, cleanSearchText } from '../../schemas/params/searchText.ts';
import { rechercheSchema } from '../../schemas/responses/recherche.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import { unavailable } from '../errors/apiError.ts';
import { type FallbackOutcome, withLiveFallback } from './rechercheFallback.ts';

/** Contract limit: 10 results per call. */
export const RESULTS_PER_CALL = 10;
/** Under this best confidence the results are closest guesses, not the sought company. */
export const RELIABLE_SCORE = 0.5;

const ETATS: Record<string, string> = { A: 'actif', C: 'cesse' };

function resultOf(company: FoundCompany) {
  return {
    siren: company.siren,
    denomination: company.denomination,
    statut_diffusion: 'diffusible',
    etat_administratif: company.etat ? (ETATS[company.etat] ?? null) : null,
    activite_principale: company.activite_principale,
    commune_siege: company.commune,
    code_postal_siege: company.code_postal,
    score_confiance: Math.min(1, Math.max(0, Math.round(company.pertinence * 1000) / 1000)),
  };
}

/**
 * The body of a search answer. A stage abandoned is covered by the real-time fallback when it answered
 * (`repli_temps_reel`); otherwise (not configured, or failed) the answer is partial (`resultats_partiels`),
 * or 503 `recherche_indisponible` when nothing was found.
 */
export function rechercheBody(
  outcome: SearchOutcome,
  fallback: FallbackOutcome | null = null,
): Record<string, unknown> {
  const resultats = outcome.companies.slice(0, RESULTS_PER_CALL).map(resultOf);
  const partial = outcome.abandoned.length > 0 && fallback?.answered !== true;
  if (partial && resultats.length === 0) {
    throw unavailable(
      'recherche_indisponible',
      `Index de recherche dégradé (étages abandonnés : ${outcome.abandoned.join(', ')}), rien trouvé, et le registre en temps réel n’est pas joignable. / Search index degraded with nothing found, and the real-time registry is unavailable.`,
      { etages_abandonnes: outcome.abandoned },
    );
  }
  const total = Math.max(outcome.total, resultats.length);
  const best = resultats.reduce((max, r) => Math.max(max, r.score_confiance), 0);
  const unreliable = resultats.length === 0 || best < RELIABLE_SCORE;
  return {
    total_results: total,
    tronque: total > resultats.length,
    ...(outcome.totalIsLowerBound
      ? {
          note_troncature:
            'total_results est une borne basse : le comptage a été plafonné. / total_results is a lower bound: counting was capped.',
        }
      : {}),
    aucune_correspondance_fiable: unreliable,
    ...(unreliable
      ? {
          note_correspondance:
            resultats.length === 0
              ? 'Aucune entreprise diffusible ne correspond à cette recherche. / No diffusible company matches this search.'
              : 'Aucune correspondance fiable : ces résultats sont les plus proches trouvés, pas l’entreprise cherchée. / No reliable match: these results are the closest guesses, not the company sought.',
        }
      : {}),
    resultats_partiels: partial,
    etages_abandonnes: outcome.abandoned,
    repli_temps_reel: fallback?.answered === true,
    listes_bornees: {
      resultats: {
        nombre_total: total,
        tronque: total > resultats.length,
        total_borne_basse: outcome.totalIsLowerBound === true,
      },
    },
    resultats,
  };
}

export const rechercheRoute: RouteDefinition = {
  id: 'recherche',
  tool: {
    name: 'search_french_companies',
    title: 'Search French companies',
    description:
      'Search French companies (legal persons) by name or identifier in Sirene: up to 10 results with a confidence score, and whether the best match is reliable.',
  },
  method: 'GET',
  path: '/v1/recherche',
  summary:
    'Recherche d’entreprises françaises par nom ou identifiant (SIREN, SIRET, TVA) : 10 meilleurs résultats.',
  description:
    'Nom (ordre des mots, accents et fautes de frappe tolérés) ou identifiant, espacé ou précédé de son libellé ' +
    '(« SIREN 552 100 554 », « FR 40 303 265 045 »), résolu directement. Les entrepreneurs individuels, groupements ' +
    'sans personnalité morale et unités non diffusibles ne sont jamais listés.',
  params: [
    {
      name: 'q',
      in: 'query',
      required: true,
      description:
        'Nom ou identifiant ; caractères non pris en charge retirés, 1 à 100 caractères doivent rester. / Name or identifier; 1 to 100 characters after cleaning.',
      schema: {
        type: 'string',
        maxLength: 2000,
        examples: ['societe bretonne travaux publics', 'SIREN 005 420 120'],
      },
      check(value) {
        const refusal = checkSearchText(value);
        if (refusal) return refusal;
        const parsed = parseFrenchIdentifier(cleanSearchText(value));
        return parsed && 'invalid' in parsed ? parsed.invalid : null;
      },
    },
  ],
  price: 2000,
  freeTier: true,
  errors: ['recherche_indisponible'],
  registers: [FR_SIRENE_REGISTER],
  projections: [RECHERCHE_PROJECTION],
  freshness: { code: 'stock_perime' },
  responseSchema: rechercheSchema,
  async handler(ctx, { knex, live }) {
    const text = cleanSearchText(String(ctx.state.params?.q ?? ''));
    const parsed = parseFrenchIdentifier(text);
    const identifier = parsed && 'identifier' in parsed ? parsed.identifier : null;
    const indexed = await searchCompanies(knex, { text, identifier, limit: RESULTS_PER_CALL });
    const { outcome, fallback } = await withLiveFallback(
      indexed,
      { text, siren: identifier?.siren ?? null, limit: RESULTS_PER_CALL },
      live.sireneSearch,
    );
    if (fallback?.failure)
      ctx.state.log?.warn(
        { register: FR_SIRENE_API_REGISTER, failure: fallback.failure },
        'search fallback failed',
      );
    return {
      body: rechercheBody(outcome, fallback),
      // The live answer is cited beside the stock it completed (its observation is in the log).
      ...(fallback?.answered && fallback.observedAt
        ? { provenance: [{ registre: FR_SIRENE_API_REGISTER, version: fallback.observedAt }] }
        : {}),
    };
  },
};
