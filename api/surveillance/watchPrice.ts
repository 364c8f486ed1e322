import type { WatchDays } from '../../schemas/events/watchEvents.ts';

/** Price units (1e-6 USD) per watched entity: $0.05 for 30 days, $0.135 for 90, $0.50 for 365 (contract). */
export const WATCH_PRICE_PER_ENTITY: Readonly<Record<WatchDays, number>> = {
  30: 50_000,
  90: 135_000,
  365: 500_000,
};

/** The quote of a watch: each distinct entity charged once. */
export function watchQuote(days: WatchDays, entities: number): { perEntity: number; total: number } {
  const perEntity = WATCH_PRICE_PER_ENTITY[days];
  return { perEntity, total: perEntity * entities };
}
