import { priceLabelOf } from './price.ts';
import type { RouteRegistry } from './registry.ts';

/** One line per route: method, path, price, free-tier flag, one-line description. */
export function textCatalogue(registry: RouteRegistry): string {
  const rows = registry.routes.map((r) => [
    r.method,
    r.path,
    r.price > 0 ? priceLabelOf(r) : 'gratuit',
    r.price > 0 ? (r.freeTier ? 'quota-gratuit:oui' : 'quota-gratuit:non') : '-',
    r.summary,
  ]);
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((row) => row[i]!.length)));
  return `${rows.map((row) => row.map((cell, i) => (i < 4 ? cell.padEnd(widths[i]!) : cell)).join('  ')).join('\n')}\n`;
}
