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
