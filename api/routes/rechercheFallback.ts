import { essentialName, nameKey } from '../../projections/fr-sirene-recherche/nameForms.ts';
import type { SearchOutcome } from '../../projections/fr-sirene-recherche/searchCompanies.ts';
import type { FoundCompany } from '../../projections/fr-sirene-recherche/searchStages.ts';
import type { LiveCompany, SireneApiSearch } from '../../schemas/events/frSireneApiEvents.ts';
import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';

/** What the real-time fallback added to an outcome whose index stages were not all run. */
export interface FallbackOutcome {
  /** True when INSEE's API answered (even with no match): the abandoned stage was covered. */
  answered: boolean;
  observedAt: string | null;
  /** Why it did not answer, for the log (never a credential). */
  failure?: string;
}

/**
 * Scores live results as the index would rank them, with the index's own name forms (nameForms.ts): the
 * same key as the query is 1; otherwise the share of essential words the name and the query have in common,
 * at most 0.99 (an approximate match is never scored as the exact one). A SIREN asked for is 1.
 */
function scoreLive(text: string, bySiren: boolean, companies: readonly LiveCompany[]): FoundCompany[] {
  if (bySiren || companies.length === 0) return companies.map((c) => ({ ...c, pertinence: 1 }));
  const queryKey = nameKey(text);
  const asked = wordsOf(essentialName(text));
  return companies.map((c) => {
    const name = c.denomination ?? '';
    if (queryKey !== null && nameKey(name) === queryKey) return { ...c, pertinence: 1 };
    const mine = wordsOf(essentialName(name));
    const shared = [...asked].filter((w) => mine.has(w)).length;
    const union = new Set([...mine, ...asked]).size;
    return { ...c, pertinence: union === 0 ? 0 : Math.min(0.99, shared / union) };
  });
}

const wordsOf = (essential: string | null) => new Set((essential ?? '').split(' ').filter(Boolean));

/**
 * When an index stage was abandoned, asks INSEE's API Sirene the same question and adds what it finds to what
 * the other stages found (a company both found keeps the index's row), best first. The total is then a lower
 * bound: the abandoned stage's own count is unknown. Without a configured API, or when it fails, the outcome
 * is unchanged (the route answers a partial result, or 503 recherche_indisponible).
 */
export async function withLiveFallback(
  outcome: SearchOutcome,
  request: { text: string; siren: string | null; limit: number },
  api: SireneApiSearch | null,
): Promise<{ outcome: SearchOutcome; fallback: FallbackOutcome | null }> {
  if (outcome.abandoned.length === 0 || !api) return { outcome, fallback: null };
  try {
    const live = await api.search(request);
    const scored = scoreLive(request.text, request.siren !== null, live.companies);
    const known = new Set(outcome.companies.map((c) => c.siren));
    const companies = [...outcome.companies, ...scored.filter((c) => !known.has(c.siren))].sort(
      (a, b) => b.pertinence - a.pertinence,
    );
    return {
      outcome: {
        ...outcome,
        companies,
        total: Math.max(outcome.total, companies.length),
        totalIsLowerBound: true,
      },
      fallback: { answered: true, observedAt: live.observedAt },
    };
  } catch (err) {
    if (!(err instanceof LiveUnavailableError)) throw err;
    return {
      outcome,
      fallback: { answered: false, observedAt: null, failure: `${err.reason}: ${err.message}` },
    };
  }
}
