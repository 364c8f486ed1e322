import { BODACC_ANNONCES_PROJECTION } from '../../projections/fr-bodacc-annonces/bodaccAnnoncesProjection.ts';
import { unitesLegalesProjection } from '../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import { FR_BODACC_REGISTER } from '../../schemas/events/frBodaccEvents.ts';
import { FR_SIRENE_REGISTER } from '../../schemas/events/frSireneEvents.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import { SIRENE_COVERAGE_ERRORS } from './entreprise/sireneCoverage.ts';

/**
 * What a route serving a company's BODACC notices reads: the notices, and Sirene, which decides which
 * companies are served (the profile's refusals), names them and whose stock version the answer reports, so
 * both registers are in its provenance.
 */
export const BODACC_NOTICE_SOURCES = {
  errors: SIRENE_COVERAGE_ERRORS,
  registers: [FR_BODACC_REGISTER, FR_SIRENE_REGISTER],
  projections: [BODACC_ANNONCES_PROJECTION, unitesLegalesProjection.name],
} satisfies Partial<RouteDefinition>;
