import { PRICE_UNITS } from '../catalogue/price.ts';
import type { RouteRegistry } from '../catalogue/registry.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import type { SampleAnswer } from '../samples/sampleRunner.ts';
import type { AppMiddleware } from '../state.ts';
import { DOCS_PATH, OPENAPI_PATH } from './docsPage.ts';
import { answerHtml, escapeHtml } from './html.ts';
import { renderPage } from './pageLayout.ts';
import { priceTables } from './priceTables.ts';
import { type SearchTrial, searchTrialSection } from './searchTrial.ts';
import { pagePolicy } from './siteAssets.ts';

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
      nom: 'tarifs',
      url: `${serverUrl}/v1/catalogue.json`,
      description:
        'Catalogue en JSON : chaque route payante et son prix, et ce que vaut un prix. / JSON catalogue: each priced route, its price, and what a price means.',
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
      nom: 'statut',
      url: `${serverUrl}/statut`,
      description:
        'Statut : chaque registre, sa fraîcheur, le retard des projections, les circuits. / Status: each register, its freshness, projection lag, circuits.',
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

const PITCH_FR =
  'La France en profondeur (Sirene, BODACC, associations, comptes, LEI) et une vingtaine de registres européens, chaque réponse citée, datée, et signée Ed25519 : ce qui a été servi, et quand, se prouve plus tard. Une réponse qui n’est pas 2xx n’est jamais facturée.';
const PITCH_EN =
  'France in depth and about twenty European registers; every answer cited, dated and signed, so what was served and when can be proven later. A non-2xx answer is never charged.';

export interface LandingDeps {
  serverUrl: string;
  accountUrl: string;
  registry: () => RouteRegistry;
  /** The route whose free sample the search box runs (the French search). */
  searchRoute: () => RouteDefinition | undefined;
  /** Answers a route's free sample now, in-process. */
  sample: (route: RouteDefinition) => Promise<SampleAnswer | null>;
}

/**
 * `GET /`: what the service sells, in one screen: a search box that runs the search's free sample and shows
 * its signed answer, the price table (from the route registry), and where to go next. HTML by default; the
 * links as JSON for a client that asks for `application/json`. No script: the box is a form sent to `/`.
 */
export function landingPage(deps: LandingDeps): AppMiddleware {
  const links = landingLinks(deps.serverUrl, deps.accountUrl);
  const json = { service: TITLE, description: SUMMARY, liens: links };
  const csp = pagePolicy({ formAction: "'self'" });
  return async function landingPageMiddleware(ctx) {
    ctx.vary('Accept');
    if (ctx.accepts('html', 'json') === 'json') {
      ctx.body = json;
      return;
    }
    const route = deps.searchRoute();
    const asked = typeof ctx.query.q === 'string' ? ctx.query.q : null;
    const trial = route ? await runTrial(route, asked, deps.sample) : null;
    answerHtml(ctx, renderLandingPage(links, { registry: deps.registry(), trial, site: deps }), csp);
  };
}

/** What the search box shows: the sample's question, and the answer when it was asked. */
async function runTrial(
  route: RouteDefinition,
  asked: string | null,
  sample: LandingDeps['sample'],
): Promise<SearchTrial> {
  const examples = route.params.find((p) => p.name === 'q')?.schema.examples as unknown[] | undefined;
  const example = String(examples?.[0] ?? '');
  if (asked === null) return { route, example, asked, answer: null };
  const answer = asked.trim() === example ? await sample(route) : null;
  return { route, example, asked, answer };
}

export function renderLandingPage(
  links: readonly LandingLink[],
  parts: {
    registry: RouteRegistry;
    trial: SearchTrial | null;
    site: { serverUrl: string; accountUrl: string };
  },
): string {
  const items = links
    .map(
      (l) =>
        `<li><a href="${escapeHtml(l.url)}"><code>${escapeHtml(l.url)}</code></a><br><small>${escapeHtml(l.description)}</small></li>`,
    )
    .join('\n');
  const body = `<p><strong>${escapeHtml(PITCH_FR)}</strong><br><span lang="en">${escapeHtml(PITCH_EN)}</span></p>
${parts.trial ? searchTrialSection(parts.trial, parts.site.serverUrl) : ''}
<section id="tarifs" aria-labelledby="tarifs-titre">
<h2 id="tarifs-titre">Tarifs / Prices</h2>
<p>${escapeHtml(PRICE_UNITS.fr)}<br><span lang="en">${escapeHtml(PRICE_UNITS.en)}</span></p>
${priceTables(parts.registry)}
</section>
<section id="liens" aria-labelledby="liens-titre">
<h2 id="liens-titre">Pour commencer / Where to start</h2>
<ul>
${items}
</ul>
</section>`;
  return renderPage({
    site: parts.site,
    title: TITLE,
    heading: 'Registres API : les registres officiels d’entreprises, à l’appel',
    body,
  });
}
