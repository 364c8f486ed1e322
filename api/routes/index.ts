import type { RouteDefinition } from '../catalogue/route.ts';
import { EUROPE_ROUTES } from './europe.ts';

/** The priced routes, one file per family; the free reading routes are added by the app itself. */
export const PRICED_ROUTES: readonly RouteDefinition[] = [...EUROPE_ROUTES];
