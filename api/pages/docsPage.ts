import { KEY_SCHEME } from '../openapi/buildOpenApi.ts';
import type { AppMiddleware } from '../state.ts';
import { answerHtml, escapeHtml, httpOrigin } from './html.ts';
import { docsNotInstalled, type ScalarBundle, scalarAssetName } from './scalarBundle.ts';

export const DOCS_PATH = '/docs';
export const DOCS_ASSETS_PATH = '/docs/assets';
/** The OpenAPI document the reference renders, on this server (the route is served by api/routes/reading.ts). */
export const OPENAPI_PATH = '/openapi.json';
/** What the examples show in `X-Api-Key` until the reader types their key (ASCII: a header value). */
export const KEY_PLACEHOLDER = 'rk_VOTRE_CLE';

/** Where the page loads the bundle from: our own server, under a name that carries the package version. */
export function scalarAssetPath(bundle: ScalarBundle): string {
  return `${DOCS_ASSETS_PATH}/${scalarAssetName(bundle)}`;
}

/**
 * Scalar's settings: nothing fetched from elsewhere (no web fonts, no telemetry, no hosted agent, MCP generator
 * or developer toolbar); requests tried from the page go to the `servers` of the OpenAPI document, that is this
 * service. The interface speaks French unless the browser prefers English. Examples are written with an API key
 * (`X-Api-Key`, a placeholder the reader replaces with theirs), not with the x402 header: a key is how most
 * people try a call; x402 stays listed.
 */
function scalarConfiguration(locale: 'fr' | 'en'): Record<string, unknown> {
  return {
    telemetry: false,
    withDefaultFonts: false,
    showDeveloperTools: 'never',
    agent: { disabled: true },
    mcp: { disabled: true },
    documentDownloadType: 'json',
    localization: { locale },
    authentication: {
      preferredSecurityScheme: KEY_SCHEME,
      securitySchemes: { [KEY_SCHEME]: { value: KEY_PLACEHOLDER } },
    },
  };
}

/**
 * `GET /docs`: the interactive reference of `/openapi.json` (Scalar), whose script is served by this server
 * (`GET /docs/assets/…`, scalarBundle.ts). The page carries no inline script: Scalar reads its settings from
 * the data attributes of an inert `application/json` element, so the policy allows scripts from this origin
 * only. Styles may be inline: Scalar injects its own stylesheet and sets element styles.
 */
export function docsPage(deps: { serverUrl: string; bundle: ScalarBundle | null }): AppMiddleware {
  const serverOrigin = httpOrigin(deps.serverUrl);
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${serverOrigin ? ` ${serverOrigin}` : ''}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ];
  return async function docsPageMiddleware(ctx) {
    if (!deps.bundle) throw docsNotInstalled();
    const locale = ctx.acceptsLanguages('fr', 'en') === 'en' ? 'en' : 'fr';
    ctx.vary('Accept-Language');
    answerHtml(ctx, renderDocsPage(deps.serverUrl, scalarAssetPath(deps.bundle), locale), csp);
  };
}

export function renderDocsPage(serverUrl: string, assetPath: string, locale: 'fr' | 'en'): string {
  const openapiUrl = escapeHtml(`${serverUrl}${OPENAPI_PATH}`);
  const configuration = escapeHtml(JSON.stringify(scalarConfiguration(locale)));
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Registres API : référence interactive / interactive reference</title>
<link rel="icon" href="data:,">
</head>
<body>
<noscript><p>Cette page demande JavaScript. Le document OpenAPI se lit aussi tel quel : <a href="${OPENAPI_PATH}">${openapiUrl}</a>. / This page needs JavaScript; the OpenAPI document itself is at the address above.</p></noscript>
<script id="api-reference" type="application/json" data-url="${OPENAPI_PATH}" data-configuration="${configuration}"></script>
<script src="${escapeHtml(assetPath)}"></script>
</body>
</html>
`;
}
