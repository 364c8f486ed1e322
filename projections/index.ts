import { accountsProjection } from './accounts/accountsProjection.ts';
import type { Projection } from './core/projection.ts';
import { listeProjection } from './fr-entreprises-liste/listeProjection.ts';

/** Every read model of the service. A register's projections are added here when its folder lands. */
export const PROJECTIONS: readonly Projection[] = [accountsProjection, listeProjection];
