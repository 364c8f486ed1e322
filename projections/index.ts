import { accountsProjection } from './accounts/accountsProjection.ts';
import type { Projection } from './core/projection.ts';
import { eeProjection } from './eu-ee/eeProjection.ts';
import { lvProjection } from './eu-lv/lvProjection.ts';
import { noProjection } from './eu-no/noProjection.ts';
import { associationsProjection } from './fr-associations/associationsProjection.ts';
import { bodaccAnnoncesProjection } from './fr-bodacc-annonces/bodaccAnnoncesProjection.ts';
import { listeProjection } from './fr-entreprises-liste/listeProjection.ts';
import { etablissementsProjection } from './fr-sirene-etablissements/etablissementsProjection.ts';
import { rechercheProjection } from './fr-sirene-recherche/rechercheProjection.ts';
import { unitesLegalesProjection } from './fr-sirene-unites-legales/unitesLegalesProjection.ts';

/** Every read model of the service. A register's projections are added here when its folder lands. */
export const PROJECTIONS: readonly Projection[] = [
  accountsProjection,
  bodaccAnnoncesProjection,
  associationsProjection,
  unitesLegalesProjection,
  etablissementsProjection,
  rechercheProjection,
  listeProjection,
  noProjection,
  eeProjection,
  lvProjection,
];
