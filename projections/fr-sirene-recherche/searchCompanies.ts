import type { Knex } from 'knex';
import { cachedExtensionSchema } from '../../ops/database/extensions.ts';
import type { FrenchIdentifier } from '../../schemas/params/frenchIdentifier.ts';
import {
  countSimilarNames,
  type FoundCompany,
  findBySiren,
  findExactName,
  findSimilarNames,
  indexedQuery,
  SIMILAR_NAMES_SETTINGS,
  type StageRows,
} from './searchStages.ts';
import { runStage } from './stageBudget.ts';

/** Index stages, in the order they run. */
export type SearchStage = 'identifiant' | 'nom_exact' | 'nom_approchant';

export interface SearchBudgets {
  /** Milliseconds each stage may run before the server cancels it and the stage is abandoned. */
  identifiant: number;
  nom_exact: number;
  nom_approchant: number;
}

export const DEFAULT_BUDGETS: SearchBudgets = { identifiant: 1000, nom_exact: 1000, nom_approchant: 3000 };

export interface SearchRequest {
  /** The cleaned search text (schemas/params/searchText.ts). */
  text: string;
  /** Set when the text is a SIREN, SIRET or VAT number: then only that company is looked up. */
  identifier: FrenchIdentifier | null;
  limit: number;
  budgets?: SearchBudgets;
}

export interface SearchOutcome {
  companies: FoundCompany[];
  /** Matches of every stage that ran, not only the companies returned. */
  total: number;
  /** Set when a stage capped its count: `total` is then a lower bound. */
  totalIsLowerBound?: boolean;
  abandoned: SearchStage[];
}

/**
 * Searches the index in stages: an identifier resolves directly to its company; a name goes through the
 * exact stage (same essential words, any order), then the approximate stage (words and their spellings),
 * exact matches first. When the exact stage alone fills the page, no approximate row could be shown: the
 * approximate stage then only counts its matches (capped as when it scores them), so that `total` stays the
 * count of every match. A stage over its time budget is abandoned and named in `abandoned`; what the other
 * stages found is kept.
 */
export async function searchCompanies(knex: Knex, request: SearchRequest): Promise<SearchOutcome> {
  const budgets = request.budgets ?? DEFAULT_BUDGETS;
  const abandoned: SearchStage[] = [];
  const found: StageRows[] = [];
  const stage = async (
    name: SearchStage,
    run: (trx: Knex.Transaction) => Promise<StageRows>,
    settings?: Record<string, string>,
  ): Promise<StageRows | null> => {
    const outcome = await runStage(knex, budgets[name], run, settings);
    if (outcome.ok) found.push(outcome.value);
    else abandoned.push(name);
    return outcome.ok ? outcome.value : null;
  };

  if (request.identifier) {
    const siren = request.identifier.siren;
    await stage('identifiant', (trx) => findBySiren(trx, siren));
  } else {
    const query = indexedQuery(request.text);
    const { cle, essentiel } = query;
    const exact = cle ? await stage('nom_exact', (trx) => findExactName(trx, cle, request.limit)) : null;
    if (essentiel) {
      const trgm = await cachedExtensionSchema(knex, 'pg_trgm');
      const pageFilled = (exact?.rows.length ?? 0) >= request.limit;
      await stage(
        'nom_approchant',
        (trx) =>
          pageFilled
            ? countSimilarNames(trx, trgm, { cle, essentiel })
            : findSimilarNames(trx, trgm, { cle, essentiel }, request.limit),
        SIMILAR_NAMES_SETTINGS,
      );
    }
  }
  return {
    companies: found.flatMap((f) => f.rows).slice(0, request.limit),
    total: found.reduce((sum, f) => sum + f.total, 0),
    ...(found.some((f) => f.capped) ? { totalIsLowerBound: true } : {}),
    abandoned,
  };
}
