import type { RouteDefinition } from '../catalogue/route.ts';
import { alertesRoute } from './alertes.ts';
import { associationAnnoncesRoute, associationRoute } from './association.ts';
import { changementsRoute } from './changements.ts';
import { ENTREPRISE_ROUTES } from './entreprise.ts';
import { EUROPE_ROUTES } from './europe.ts';
import { LISTER_ROUTES } from './lister.ts';
import { rechercheRoute } from './recherche.ts';

/** The priced routes, one file per family; the free reading routes are added by the app itself. */
export const PRICED_ROUTES: readonly RouteDefinition[] = [
  ...ENTREPRISE_ROUTES,
  rechercheRoute,
  changementsRoute,
  alertesRoute,
  associationRoute,
  associationAnnoncesRoute,
  ...LISTER_ROUTES,
  ...EUROPE_ROUTES,
];
