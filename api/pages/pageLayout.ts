import { escapeHtml } from './html.ts';
import { stylesheetLinks } from './siteAssets.ts';

/** Where the site's pages are, for the navigation every page shows. */
export interface SiteLinks {
  serverUrl: string;
  accountUrl: string;
}

/** A message shown above a page's content. */
export interface Notice {
  kind: 'notice' | 'alerte';
  text: string;
}

/** The navigation: home, reference, status, account; `current` is marked for assistive technology. */
function navigation(site: SiteLinks, current: string | undefined): string {
  const item = (href: string, label: string) =>
    `<li><a href="${escapeHtml(href)}"${current === href ? ' aria-current="page"' : ''}>${label}</a></li>`;
  return `<nav class="site" aria-label="Site">
<ul><li><a href="${escapeHtml(site.serverUrl)}/"><strong>Registres API</strong></a></li></ul>
<ul>
${item(`${site.serverUrl}/docs`, 'Documentation')}
${item(`${site.serverUrl}/statut`, 'Statut')}
${item(site.accountUrl, 'Compte')}
</ul>
</nav>`;
}

/**
 * A page of the site, rendered on the server: Pico CSS and our sheet from this origin, no script, French
 * first (English beside it). `body` is HTML its caller escaped; the title and the notice are escaped here.
 */
export function renderPage(args: {
  site: SiteLinks;
  title: string;
  body: string;
  notice?: Notice | undefined;
  /** The navigation entry this page is (its URL). */
  current?: string;
  /** The main heading when it differs from the title. */
  heading?: string;
}): string {
  const { notice } = args;
  const banner = notice
    ? `<p class="${notice.kind}" role="${notice.kind === 'alerte' ? 'alert' : 'status'}">${escapeHtml(notice.text)}</p>\n`
    : '';
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(args.title)} · Registres API</title>
<link rel="icon" href="data:,">
${stylesheetLinks()}
</head>
<body>
<header class="container">
${navigation(args.site, args.current)}
</header>
<main class="container">
<h1>${escapeHtml(args.heading ?? args.title)}</h1>
${banner}${args.body}
</main>
</body>
</html>
`;
}
