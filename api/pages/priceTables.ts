import { formatPrice } from '../catalogue/price.ts';
import { priceListOf } from '../catalogue/priceList.ts';
import type { RouteRegistry } from '../catalogue/registry.ts';
import { dataTable } from './dataTable.ts';
import { escapeHtml } from './html.ts';

/**
 * The price table of the home page, from the route registry (the same list as `GET /v1/catalogue.json`): one
 * row per family of routes (how many, from which price to which, how many in the free quota), then every
 * priced route, folded, with its own price.
 */
export function priceTables(registry: RouteRegistry): string {
  const { routes } = priceListOf(registry);
  const families = new Map<string, typeof routes>();
  for (const r of routes) families.set(r.famille, [...(families.get(r.famille) ?? []), r]);
  const familyRows = [...families].map(([name, list]) => {
    const prices = list.map((r) => r.prix_unites_atomiques);
    const low = formatPrice(Math.min(...prices));
    const high = formatPrice(Math.max(...prices));
    return [
      escapeHtml(name),
      String(list.length),
      escapeHtml(low === high ? low : `${low} – ${high}`),
      `${list.filter((r) => r.quota_gratuit).length} / ${list.length}`,
    ];
  });
  const summary = dataTable({
    id: 'tarifs-familles',
    caption: `${routes.length} routes payantes, par famille / ${routes.length} priced routes, by family`,
    columns: [
      { label: 'Famille / Family' },
      { label: 'Routes', numeric: true },
      { label: 'Prix / Price', numeric: true },
      { label: 'Quota gratuit / Free quota', numeric: true },
    ],
    rows: familyRows,
  });
  const all = dataTable({
    id: 'tarifs-routes',
    caption: 'Chaque route et son prix / Each route and its price',
    columns: [
      { label: 'Route' },
      { label: 'Prix / Price', numeric: true },
      { label: 'Quota gratuit / Free quota' },
    ],
    rows: routes.map((r) => [
      `<code>${escapeHtml(r.chemin)}</code><br><small>${escapeHtml(r.resume)}</small>`,
      escapeHtml(r.prix),
      r.quota_gratuit ? 'oui / yes' : 'non / no',
    ]),
  });
  return `${summary}
<details>
<summary>Toutes les routes (${routes.length}) / Every route</summary>
${all}
</details>`;
}
