import { accountsProjection } from './accounts/accountsProjection.ts';
import type { Projection } from './core/projection.ts';
import { rechercheProjection } from './fr-sirene-recherche/rechercheProjection.ts';

/** Every read model of the service. A register's projections are added here when its folder lands. */
export const PROJECTIONS: readonly Projection[] = [accountsProjection, rechercheProjection];
