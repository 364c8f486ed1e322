import { legalCategoryRefusal } from '../../../schemas/legalForms/legalCategoryCoverage.ts';
import { badRequest, notFound } from '../../errors/apiError.ts';
import type { ErrorCode } from '../../errors/errorCodes.ts';

/** What `assertCovered` may answer: a route that reads a unit through it declares these. */
export const SIRENE_COVERAGE_ERRORS: readonly ErrorCode[] = [
  'entreprise_inconnue',
  'diffusion_partielle_non_couverte',
  'entreprise_individuelle_non_couverte',
  'groupement_sans_personnalite_morale_non_couvert',
  'identite_incomplete',
];

/** What the coverage rules read of a legal unit. */
export interface UnitIdentity {
  siren: string;
  statut_diffusion: string | null;
  etat_administratif: string | null;
  categorie_juridique: string | null;
}

/**
 * The French company routes serve diffusible legal persons only. In order: unknown or not diffusible → 404
 * `entreprise_inconnue`; partial diffusion → 400 `diffusion_partielle_non_couverte`; sole proprietorship
 * (legal category 1000, a natural person) → 400 `entreprise_individuelle_non_couverte`; group without legal
 * personality → 400 `groupement_sans_personnalite_morale_non_couvert`; status or legal category missing →
 * 404 `identite_incomplete` with `champs_absents` and the partial record `fiche`. None of these is charged.
 */
export function assertCovered<U extends UnitIdentity>(
  siren: string,
  unit: U | undefined,
  fiche: (unit: U) => Record<string, unknown>,
): asserts unit is U {
  if (!unit || (unit.statut_diffusion !== 'O' && unit.statut_diffusion !== 'P')) {
    throw notFound(
      'entreprise_inconnue',
      `Aucune entreprise diffusible pour le SIREN ${siren} dans la dernière photo Sirene. / No diffusible company for this SIREN.`,
      { siren },
    );
  }
  if (unit.statut_diffusion === 'P') {
    throw badRequest(
      'diffusion_partielle_non_couverte',
      'siren',
      'Ce SIREN est en diffusion partielle : ses données ne sont pas servies. / This SIREN is under restricted diffusion.',
    );
  }
  const category = unit.categorie_juridique;
  const refusal = category === null ? null : legalCategoryRefusal(category);
  if (refusal === 'entreprise_individuelle') {
    throw badRequest(
      'entreprise_individuelle_non_couverte',
      'siren',
      'Entrepreneur individuel (catégorie juridique 1000) : une personne physique, non servie. / Sole proprietorship: a natural person, not served.',
    );
  }
  if (refusal === 'groupement_sans_personnalite_morale') {
    throw badRequest(
      'groupement_sans_personnalite_morale_non_couvert',
      'siren',
      `Catégorie juridique ${category} : groupement sans personnalité morale, non servi. / Group without legal personality, not served.`,
    );
  }
  const missing = [
    ...(unit.etat_administratif === null ? ['etat_administratif'] : []),
    ...(category === null ? ['nature_juridique'] : []),
  ];
  if (missing.length > 0) {
    throw notFound(
      'identite_incomplete',
      `Sirene ne publie pas ${missing.join(' ni ')} pour ce SIREN : identité incomplète. / Sirene publishes no ${missing.join(' nor ')} for this SIREN.`,
      { siren, champs_absents: missing, fiche: fiche(unit) },
    );
  }
}
