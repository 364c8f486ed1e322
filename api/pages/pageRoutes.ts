import type Router from '@koa/router';
import { freeDocumentCaching } from '../middleware/caching.ts';
import type { AppState } from '../state.ts';
import { DOCS_ASSETS_PATH, DOCS_PATH, docsPage, scalarAssetPath } from './docsPage.ts';
import { landingPage } from './landingPage.ts';
import { docsNotInstalled, locateScalarBundle, type ScalarBundle, scalarAsset } from './scalarBundle.ts';

export interface PageDeps {
  serverUrl: string;
  /** Where a client gets an API key; default `{serverUrl}/compte`. */
  accountUrl?: string;
  /** The Scalar bundle to serve; default the installed package's (null: not installed, the docs answer 503). */
  bundle?: ScalarBundle | null;
}

/**
 * The pages people open in a browser: `/` (where to go next) and `/docs` (the interactive reference, with its
 * script under `/docs/assets/`). Free and unsigned like `/health`; they are not routes of the registry, so
 * they appear neither in the OpenAPI document nor in the catalogue.
 */
export function registerPageRoutes(router: Router<AppState>, deps: PageDeps): void {
  const bundle = deps.bundle === undefined ? locateScalarBundle() : deps.bundle;
  const accountUrl = deps.accountUrl ?? `${deps.serverUrl}/compte`;
  router.get('/', ...freeDocumentCaching(), landingPage({ serverUrl: deps.serverUrl, accountUrl }));
  router.get(DOCS_PATH, ...freeDocumentCaching(), docsPage({ serverUrl: deps.serverUrl, bundle }));
  if (bundle) {
    router.get(scalarAssetPath(bundle), scalarAsset(bundle));
  } else {
    router.get(`${DOCS_ASSETS_PATH}/:file`, async () => {
      throw docsNotInstalled();
    });
  }
}
