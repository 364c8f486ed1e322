import type { RouteDefinition } from '../catalogue/route.ts';
import { LISTER_ROUTES } from './lister.ts';

/** The priced routes, one file per family; the free reading routes are added by the app itself. */
export const PRICED_ROUTES: readonly RouteDefinition[] = [...LISTER_ROUTES];
