import { accountsProjection } from './accounts/accountsProjection.ts';
import type { Projection } from './core/projection.ts';
import { associationsProjection } from './fr-associations/associationsProjection.ts';
import { bodaccAnnoncesProjection } from './fr-bodacc-annonces/bodaccAnnoncesProjection.ts';

/** Every read model of the service. A register's projections are added here when its folder lands. */
export const PROJECTIONS: readonly Projection[] = [
  accountsProjection,
  bodaccAnnoncesProjection,
  associationsProjection,
];
