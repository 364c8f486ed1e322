import type Router from '@koa/router';
import { createRouteRegistry, type RouteRegistry } from '../catalogue/registry.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import { freeDocumentCaching } from '../middleware/caching.ts';
import type { SampleAnswer } from '../samples/sampleRunner.ts';
import type { AppState } from '../state.ts';
import { DOCS_ASSETS_PATH, DOCS_PATH, docsPage, scalarAssetPath } from './docsPage.ts';
import { landingPage } from './landingPage.ts';
import { docsNotInstalled, locateScalarBundle, type ScalarBundle, scalarAsset } from './scalarBundle.ts';
import { registerSiteAssets } from './siteAssets.ts';

/** The route whose free sample the home page's search box runs. */
const SEARCH_ROUTE_ID = 'recherche';

export interface PageDeps {
  serverUrl: string;
  /** Where a client gets an API key; default `{serverUrl}/compte`. */
  accountUrl?: string;
  /** The Scalar bundle to serve; default the installed package's (null: not installed, the docs answer 503). */
  bundle?: ScalarBundle | null;
  /** The route registry: the home page's price table and search box (default: no route). */
  registry?: () => RouteRegistry;
  /** Answers a route's free sample in-process (the search box; default: no sample). */
  sample?: (route: RouteDefinition) => Promise<SampleAnswer | null>;
}

/**
 * The pages people open in a browser: `/` (what the service sells, where to go next), `/docs` (the interactive
 * reference, with its script under `/docs/assets/`), and the stylesheets every page links (`/assets/`). Free and unsigned like `/health`; they are not routes of the registry, so
 * they appear neither in the OpenAPI document nor in the catalogue.
 */
export function registerPageRoutes(router: Router<AppState>, deps: PageDeps): void {
  const bundle = deps.bundle === undefined ? locateScalarBundle() : deps.bundle;
  const accountUrl = deps.accountUrl ?? `${deps.serverUrl}/compte`;
  const noRoutes = createRouteRegistry([]);
  const registry = deps.registry ?? (() => noRoutes);
  router.get(
    '/',
    ...freeDocumentCaching(),
    landingPage({
      serverUrl: deps.serverUrl,
      accountUrl,
      registry,
      searchRoute: () => registry().routes.find((r) => r.id === SEARCH_ROUTE_ID),
      sample: deps.sample ?? (async () => null),
    }),
  );
  registerSiteAssets(router);
  router.get(DOCS_PATH, ...freeDocumentCaching(), docsPage({ serverUrl: deps.serverUrl, bundle }));
  if (bundle) {
    router.get(scalarAssetPath(bundle), scalarAsset(bundle));
  } else {
    router.get(`${DOCS_ASSETS_PATH}/:file`, async () => {
      throw docsNotInstalled();
    });
  }
}
