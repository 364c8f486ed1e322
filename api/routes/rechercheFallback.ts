import type { Knex } from 'knex';
import type { SearchOutcome } from '../../projections/fr-sirene-recherche/searchCompanies.ts';
import type { FoundCompany } from '../../projections/fr-sirene-recherche/searchStages.ts';
import type { LiveCompany, SireneApiSearch } from '../../schemas/events/frSireneApiEvents.ts';
import { LiveUnavailableError } from '../../schemas/events/liveUnavailable.ts';

/** What the real-time fallback added to an outcome whose index stages were not all run. */
export interface FallbackOutcome {
  /** True when INSEE's API answered (even with no match): the abandoned stage was covered. */
  answered: boolean;
  observedAt: string | null;
  /** Why it did not answer, for the log (never a credential). */
  failure?: string;
}

/**
 * Scores live results as the index would rank them, with the index's own name forms
 * (`fr_sirene_recherche_cle`, `fr_sirene_recherche_essentiel`): the same key as the query is 1; otherwise
 * the share of essential words the name and the query have in common, at most 0.99 (an approximate match is
 * never scored as the exact one). A SIREN asked for is 1.
 */
async function scoreLive(
  knex: Knex,
  text: string,
  bySiren: boolean,
  companies: readonly LiveCompany[],
): Promise<FoundCompany[]> {
  if (bySiren || companies.length === 0) return companies.map((c) => ({ ...c, pertinence: 1 }));
  const { rows } = await knex.raw<{
    rows: { i: string; exact: boolean | null; words: string | null; query: string | null }[];
  }>(
    `select n.i, fr_sirene_recherche_cle(n.name) = fr_sirene_recherche_cle(?) as exact,
            fr_sirene_recherche_essentiel(n.name) as words, fr_sirene_recherche_essentiel(?) as query
       from unnest(?::text[]) with ordinality as n(name, i)`,
    [text, text, companies.map((c) => c.denomination ?? '')],
  );
  return companies.map((c, index) => {
    const row = rows.find((r) => Number(r.i) === index + 1);
    if (row?.exact) return { ...c, pertinence: 1 };
    const mine = new Set((row?.words ?? '').split(' ').filter(Boolean));
    const asked = new Set((row?.query ?? '').split(' ').filter(Boolean));
    const shared = [...asked].filter((w) => mine.has(w)).length;
    const union = new Set([...mine, ...asked]).size;
    return { ...c, pertinence: union === 0 ? 0 : Math.min(0.99, shared / union) };
  });
}

/**
 * When an index stage was abandoned, asks INSEE's API Sirene the same question and adds what it finds to what
 * the other stages found (a company both found keeps the index's row), best first. The total is then a lower
 * bound: the abandoned stage's own count is unknown. Without a configured API, or when it fails, the outcome
 * is unchanged (the route answers a partial result, or 503 recherche_indisponible).
 */
export async function withLiveFallback(
  knex: Knex,
  outcome: SearchOutcome,
  request: { text: string; siren: string | null; limit: number },
  api: SireneApiSearch | null,
): Promise<{ outcome: SearchOutcome; fallback: FallbackOutcome | null }> {
  if (outcome.abandoned.length === 0 || !api) return { outcome, fallback: null };
  try {
    const live = await api.search(request);
    const scored = await scoreLive(knex, request.text, request.siren !== null, live.companies);
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
