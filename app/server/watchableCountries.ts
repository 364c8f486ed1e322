import type { WatchableCountry } from '../../api/surveillance/watchableCountries.ts';
import type { RegisterManifest } from '../registerManifest.ts';
import { REGISTER_MANIFESTS } from '../registers.ts';

/**
 * The European countries whose entities may be watched, from the register manifests: a country with a
 * register of the unified profile (a local copy, whose passes record `EntityChanged`/`EntityDropped`, or a
 * live register, whose observations are compared), keyed by that register's identifier. A worldwide register
 * (GLEIF) names no country of its own; a register of detail routes only (the Swiss gazette) adds its code to
 * its country's but does not open one.
 */
export function watchableCountries(
  manifests: readonly RegisterManifest[] = REGISTER_MANIFESTS,
): WatchableCountry[] {
  const countries = new Map<string, WatchableCountry>();
  const european = manifests.filter((m) => m.europe && !m.europe.worldwide);
  for (const m of european) {
    const europe = m.europe!;
    if (europe.live?.detailsOnly) continue;
    const entry = m.dictionary[0]!;
    countries.set(entry.pays, {
      pays: entry.pays,
      registres: [entry.code],
      idPattern: europe.idPattern,
      ...(europe.idCheck ? { idCheck: europe.idCheck } : {}),
      ...(europe.canonicalId ? { canonicalId: europe.canonicalId } : {}),
      idDescription: europe.idDescription,
    });
  }
  for (const m of european) {
    const entry = m.dictionary[0]!;
    const country = countries.get(entry.pays);
    if (country && !country.registres.includes(entry.code)) country.registres.push(entry.code);
  }
  return [...countries.values()].sort((a, b) => a.pays.localeCompare(b.pays));
}
