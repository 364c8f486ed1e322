import type { AppMiddleware } from '../state.ts';
import { DOCS_PATH, OPENAPI_PATH } from './docsPage.ts';
import { answerHtml, escapeHtml, styleHashSource } from './html.ts';

/** One address the landing page points to. */
export interface LandingLink {
  /** A stable key for programs (`GET /` with `Accept: application/json`). */
  nom: string;
  url: string;
  description: string;
}

/** Where a developer or an agent starts: the reference, the machine-readable documents, the samples, the account. */
export function landingLinks(serverUrl: string, accountUrl: string): LandingLink[] {
  return [
    {
      nom: 'documentation',
      url: `${serverUrl}${DOCS_PATH}`,
      description:
        'Référence interactive, avec essai des routes sur ce serveur. / Interactive reference; try the routes against this server.',
    },
    {
      nom: 'openapi',
      url: `${serverUrl}${OPENAPI_PATH}`,
      description: 'Description OpenAPI 3.1.0 de toutes les routes. / OpenAPI 3.1.0 document of every route.',
    },
    {
      nom: 'catalogue',
      url: `${serverUrl}/v1/catalogue`,
      description:
        'Catalogue en texte : une ligne par route, avec son prix. / Plain-text catalogue: one line per route, with its price.',
    },
    {
      nom: 'echantillons',
      url: `${serverUrl}/v1/echantillons`,
      description:
        'Échantillons gratuits : une réponse réelle et signée de chaque route payante. / Free samples: one real, signed answer of each priced route.',
    },
    {
      nom: 'registres',
      url: `${serverUrl}/v1/provenance/registres`,
      description:
        'Dictionnaire des registres : source, licence, fraîcheur, dernière photo. / Register dictionary: source, licence, freshness, last snapshot.',
    },
    {
      nom: 'mcp',
      url: `${serverUrl}/mcp`,
      description:
        'Point MCP (HTTP Streamable) pour les agents : un outil par route. / MCP endpoint (Streamable HTTP) for agents: one tool per route.',
    },
    {
      nom: 'compte',
      url: accountUrl,
      description: 'Compte : clé API et crédits prépayés. / Account: API key and prepaid credits.',
    },
  ];
}

const TITLE = 'Registres API';
const SUMMARY =
  'Données des registres officiels d’entreprises, payées à l’appel (clé API à crédits, ou x402 en USDC/EURC sur Base) et signées Ed25519. / Official company register data, paid per call (API key with credits, or x402) and signed.';

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;line-height:1.5}li{margin:.5rem 0}code{font-size:.95em}';

/**
 * `GET /`: where the service says what it is and where to go next. HTML by default; the same links as JSON
 * for a client that asks for `application/json`. The page has no script, and only its own style.
 */
export function landingPage(deps: { serverUrl: string; accountUrl: string }): AppMiddleware {
  const links = landingLinks(deps.serverUrl, deps.accountUrl);
  const html = renderLandingPage(links);
  const json = { service: TITLE, description: SUMMARY, liens: links };
  const csp = [
    "default-src 'none'",
    `style-src ${styleHashSource(STYLE)}`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ];
  return async function landingPageMiddleware(ctx) {
    ctx.vary('Accept');
    if (ctx.accepts('html', 'json') === 'json') {
      ctx.body = json;
      return;
    }
    answerHtml(ctx, html, csp);
  };
}

export function renderLandingPage(links: readonly LandingLink[]): string {
  const items = links
    .map(
      (l) =>
        `<li><a href="${escapeHtml(l.url)}"><code>${escapeHtml(l.url)}</code></a><br>${escapeHtml(l.description)}</li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${TITLE}</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body>
<h1>${TITLE}</h1>
<p>${escapeHtml(SUMMARY)}</p>
<ul>
${items}
</ul>
</body>
</html>
`;
}
