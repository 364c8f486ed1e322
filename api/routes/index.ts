import type { RouteDefinition } from '../catalogue/route.ts';
import { rechercheRoute } from './recherche.ts';

/** The priced routes, one file per family; the free reading routes are added by the app itself. */
export const PRICED_ROUTES: readonly RouteDefinition[] = [rechercheRoute];
