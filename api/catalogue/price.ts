import type { RouteDefinition } from './route.ts';

/** Atomic units of a 6-decimal token per dollar (USDC and EURC). */
export const ATOMIC_PER_UNIT = 1_000_000;

/** `5000` → `"$0.005"`, `10000` → `"$0.01"`, `1000000` → `"$1.00"`: integer arithmetic only. */
export function formatPrice(atomic: number): string {
  if (!Number.isSafeInteger(atomic) || atomic < 0)
    throw new Error(`price must be a non-negative integer: ${atomic}`);
  const whole = Math.floor(atomic / ATOMIC_PER_UNIT);
  let frac = String(atomic % ATOMIC_PER_UNIT)
    .padStart(6, '0')
    .replace(/0+$/, '');
  if (frac.length < 2) frac = frac.padEnd(2, '0');
  return `$${whole}.${frac}`;
}

/** A route's price as the price lists show it: its per-request wording, else its fixed price. */
export function priceLabelOf(
  route: Pick<RouteDefinition, 'price' | 'perRequestPrice'>,
  language: 'fr' | 'en' = 'fr',
): string {
  return route.perRequestPrice?.label[language] ?? formatPrice(route.price);
}

/**
 * What a price means, said once for every place that shows prices (JSON catalogue, OpenAPI document and so the
 * docs page, account pages, home page): prices are written in dollar notation; a credit is one euro; an x402
 * payment is the same number in USDC or EURC, never converted at an exchange rate (the contract's rule).
 */
export const PRICE_UNITS = {
  credit: '1 crédit = 1 EUR',
  fr: 'Prix notés en dollars ($0.01) : avec une clé, 1 crédit = 1 EUR, et un appel à $0.01 coûte 0,01 crédit ; en x402, le montant est le même nombre en USDC ou en EURC, sans conversion de change.',
  en: 'Prices are written in dollars ($0.01): with a key, 1 credit = 1 EUR, and a $0.01 call costs 0.01 credit; over x402, the amount is the same number in USDC or EURC, with no exchange-rate conversion.',
} as const;
