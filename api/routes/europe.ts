import type { EuLocalCopy } from '../../projections/eu-profile/euLocalCopy.ts';
import type { EuLiveRegister } from '../../schemas/europe/euLiveRegister.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import { europeCoverage } from './europeCoverage.ts';
import { europeProfileRoute } from './europeProfileRoute.ts';
import { europeSearchRoute } from './europeSearchRoute.ts';

/**
 * The unified profile and the search across the European local copies, built for the countries the register
 * manifests declare (app/registers/): every text that names the countries is generated from that list.
 */
export function europeRoutes(
  copies: readonly EuLocalCopy[],
  live: readonly EuLiveRegister[] = [],
): RouteDefinition[] {
  const coverage = europeCoverage(copies, live);
  return [europeSearchRoute(coverage), europeProfileRoute(coverage)];
}
