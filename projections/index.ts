import { accountsProjection } from './accounts/accountsProjection.ts';
import type { Projection } from './core/projection.ts';
import { eeProjection } from './eu-ee/eeProjection.ts';
import { lvProjection } from './eu-lv/lvProjection.ts';
import { noProjection } from './eu-no/noProjection.ts';

/** Every read model of the service. A register's projections are added here when its folder lands. */
export const PROJECTIONS: readonly Projection[] = [
  accountsProjection,
  noProjection,
  eeProjection,
  lvProjection,
];
