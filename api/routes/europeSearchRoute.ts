import type { Knex } from 'knex';
import type { EuLocalCopy } from '../../projections/eu-profile/euLocalCopy.ts';
import {
  type CountryScope,
  countEntities,
  type ProfileMatch,
  searchProfiles,
} from '../../projections/eu-profile/searchProfiles.ts';
import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';
import { euSearchSchema } from '../../schemas/responses/europe.ts';
import type { MutedRegister, ProvenanceEntry, RouteDefinition } from '../catalogue/route.ts';
import { unavailable } from '../errors/apiError.ts';
import type { MotifPanne } from '../errors/errorCodes.ts';
import type { EuropeCoverage } from './europeCoverage.ts';
import { liveProvenance } from './europeLive.ts';

const MAX_RESULTS = 10;
/** Time one local copy may take before it is reported mute (`delai_depasse`). */
const REGISTER_BUDGET_MS = 5000;
/**
 * Time a live register may take in a search: the search is served without it after this (listed mute,
 * `delai_depasse`), whatever the register's own timeout (bench live: p95 with one register hanging).
 */
const LIVE_SEARCH_BUDGET_MS = 1500;

/** Letters, digits and a few name punctuation marks; the rest is stripped. 1 to 100 characters remain. */
export function cleanSearchText(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}&'’.,\- ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100)
    .trim();
}

function withinBudget<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('budget exceeded'), { budget: true })), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function motifOf(err: unknown): MotifPanne {
  if ((err as { budget?: boolean }).budget) return 'delai_depasse';
  const code = (err as { code?: string }).code ?? '';
  // Connection refused/reset or PostgreSQL "connection exception" class (08xxx), admin shutdown (57P01).
  if (/^(ECONN|ETIMEDOUT|08|57P0)/.test(code)) return 'base_indisponible';
  return 'copie_locale_illisible';
}

/** `GET /v1/eu/recherche`: the search by name or identifier across the local copies and live registers. */
export function europeSearchRoute(coverage: EuropeCoverage): RouteDefinition {
  const { PAYS_LIST, SOURCES_TEXT, coveredBy, searchedCopies } = coverage;
  return {
    id: 'eu.recherche',
    tool: {
      name: 'search_european_companies',
      title: 'Search European companies',
      description:
        'Search companies by name or national identifier across the European registers, local copies and live registers at once, and LEI entities (GLEIF) of the countries no national register covers; lists the registers that could not answer in time.',
    },
    method: 'GET',
    path: '/v1/eu/recherche',
    summary: `Recherche d’entreprises européennes par nom (${SOURCES_TEXT}).`,
    description:
      'Au plus 10 résultats. Un registre qui ne peut répondre (collecte en cours, photo périmée, lecture en échec) est listé dans registres_muets et la réponse vient des autres.',
    params: [
      {
        name: 'q',
        in: 'query',
        required: true,
        description:
          'Nom de l’entreprise (ou identifiant national), 1 à 100 caractères après nettoyage. / Company name or national identifier.',
        schema: { type: 'string', minLength: 1, maxLength: 300, examples: ['001 Kinnisvara'] },
      },
      {
        name: 'pays',
        in: 'query',
        required: false,
        description: `Restreint à un pays (${PAYS_LIST}). / Restrict to one country.`,
        schema: { type: 'string', pattern: '^[A-Za-z]{2}$' },
      },
    ],
    paramsCheck(params) {
      if (!cleanSearchText(String(params.q ?? ''))) {
        return {
          error: 'parametre_invalide',
          champ: 'q',
          message: 'Rien de cherchable dans « q » après nettoyage. / Nothing searchable left in q.',
        };
      }
      if (params.pays !== undefined && !coveredBy(String(params.pays))) {
        return {
          error: 'pays_non_couvert',
          champ: 'pays',
          message: `Pays non couvert par la recherche ; couverts : ${PAYS_LIST}. / Country not covered.`,
        };
      }
      return null;
    },
    price: 3000,
    freeTier: true,
    errors: ['pays_non_couvert', 'recherche_indisponible'],
    registers: coverage.registers,
    registersFor: (params) =>
      searchedCopies(params.pays === undefined ? null : String(params.pays).toUpperCase()).map(
        (c) => c.register,
      ),
    freshnessDegrades: true,
    projections: coverage.projections,
    responseSchema: euSearchSchema,
    handler: europeSearchHandler(coverage),
  };
}

/** The search's handler: local copies and live registers asked in parallel, each within its budget. */
function europeSearchHandler(coverage: EuropeCoverage): RouteDefinition['handler'] {
  const { copies, live, searchedCopies, worldScope } = coverage;
  return async (ctx, { knex, live: sources }) => {
    const q = cleanSearchText(String(ctx.state.params?.q));
    const pays = ctx.state.params?.pays === undefined ? null : String(ctx.state.params.pays).toUpperCase();
    const provenance = ctx.state.provenance ?? [];
    const muted: MutedRegister[] = [...(ctx.state.registresMuets ?? [])];
    const fresh = searchedCopies(pays).filter((c) => provenance.some((p) => p.registre === c.register));
    // Started first: the live registers answer while the local copies are read. A live register this server
    // has no reader for (not configured) is not part of its coverage: not asked, not listed as mute.
    const askedLive = live.filter(
      (l) =>
        (pays === null || l.pays === pays) &&
        sources.europe.has(l.register) &&
        (sources.europe.get(l.register)!.searchesByName || l.idPattern.test(q)),
    );
    const liveSearches = Promise.allSettled(
      askedLive.map((l) =>
        withinBudget(sources.europe.get(l.register)!.search(q, MAX_RESULTS), LIVE_SEARCH_BUDGET_MS),
      ),
    );
    const answers = await Promise.allSettled(
      fresh.map((copy) => {
        const p = provenance.find((x) => x.registre === copy.register)!;
        return withinBudget(
          Promise.all([
            searchByIdOrName(knex, copy, q, copy.worldwide ? worldScope(pays) : undefined),
            countEntities(knex, copy.table, `${p.empreinte_sha256 ?? ''}|${p.version}`),
          ]),
          REGISTER_BUDGET_MS,
        );
      }),
    );
    const results: (ProfileMatch & { pays: string; registre: string })[] = [];
    /** A register that returned its whole allowance may hold more matches than were read. */
    let reachedLimit = false;
    const covered: { pays: string; registre: string; mode: string; entites?: number }[] = [];
    answers.forEach((answer, i) => {
      const copy = fresh[i]!;
      if (answer.status === 'rejected') {
        ctx.state.log.warn({ err: answer.reason, registre: copy.register }, 'european search: register mute');
        muted.push({ registre: copy.register, motif: motifOf(answer.reason) });
        return;
      }
      const [matches, entites] = answer.value;
      if (matches.length >= MAX_RESULTS) reachedLimit = true;
      for (const m of matches) {
        results.push({
          ...m,
          pays: copy.worldwide ? (m.pays_adresse ?? '') : copy.pays,
          registre: copy.register,
        });
      }
      covered.push({
        pays: copy.worldwide ? (pays ?? copy.pays) : copy.pays,
        registre: copy.register,
        mode: 'copie_locale',
        entites,
      });
    });
    // The live registers, asked in parallel with the local copies above, within the same budget.
    const liveAnswers = await liveSearches;
    const liveProvenances: ProvenanceEntry[] = [];
    liveAnswers.forEach((answer, i) => {
      const reg = askedLive[i]!;
      if (answer.status === 'rejected') {
        ctx.state.log.warn(
          { err: answer.reason, registre: reg.register },
          'european search: live register mute',
        );
        muted.push({ registre: reg.register, motif: liveMotifOf(answer.reason) });
        return;
      }
      const { matches, observation } = answer.value;
      if (matches.length >= MAX_RESULTS) reachedLimit = true;
      for (const m of matches.slice(0, MAX_RESULTS))
        results.push({ ...m, pays: reg.pays, registre: reg.register });
      covered.push({ pays: reg.pays, registre: reg.register, mode: 'direct' });
      liveProvenances.push(liveProvenance(reg.register, observation));
    });
    if (covered.length === 0) {
      throw unavailable(
        'recherche_indisponible',
        'Aucun registre de la recherche européenne n’a pu répondre. / No register of the European search could answer.',
        { registres_muets: muted.map((m) => mutedEntry([...copies, ...live], m)) },
      );
    }
    // Provenance only of the registers that answered.
    ctx.state.provenance = [
      ...provenance.filter((p) => covered.some((c) => c.registre === p.registre)),
      ...liveProvenances,
    ];
    results.sort(
      (a, b) =>
        b.score - a.score || a.pays.localeCompare(b.pays) || a.id_national.localeCompare(b.id_national),
    );
    const served = results.slice(0, MAX_RESULTS);
    return {
      body: searchBody(
        served,
        results,
        reachedLimit,
        covered,
        muted.map((m) => mutedEntry([...copies, ...live], m)),
      ),
    };
  };
}

type SearchResult = ProfileMatch & { pays: string; registre: string };

/** The answer's body: the best matches served, the registers that answered and those that were mute. */
function searchBody(
  served: readonly SearchResult[],
  results: readonly SearchResult[],
  reachedLimit: boolean,
  covered: readonly { pays: string; registre: string; mode: string; entites?: number }[],
  muted: ReturnType<typeof mutedEntry>[],
) {
  return {
    nombre_resultats: served.length,
    registres_muets: muted,
    listes_bornees: {
      resultats: {
        nombre_total: results.length,
        tronque: results.length > served.length,
        total_borne_basse: reachedLimit,
      },
    },
    resultats: served.map((r) => ({
      pays: r.pays,
      id_national: r.id_national,
      denomination: r.denomination,
      statut: r.statut,
      ville: r.ville,
      registre: r.registre,
      correspondance: r.correspondance,
      score_confiance: Math.round(Math.min(1, Math.max(0, r.score)) * 1000) / 1000,
    })),
    pays_couverts: covered,
  };
}

/** A local copy's matches: an identifier as the table keys it (canonical, then resolved), or a name. */
async function searchByIdOrName(knex: Knex, copy: EuLocalCopy, q: string, countries?: CountryScope) {
  const canonical = copy.canonicalId ? copy.canonicalId(q) : q;
  let key = copy.idPattern.test(canonical) ? canonical : q;
  if (copy.resolveId && copy.idPattern.test(key)) key = await copy.resolveId(knex, key);
  return searchProfiles(knex, copy.table, key, {
    idPattern: copy.idPattern,
    limit: MAX_RESULTS,
    ...(countries ? { countries } : {}),
  });
}

/** Why a live register is mute in a search: no answer in time, or down (the closed list of `motif`). */
function liveMotifOf(err: unknown): MotifPanne {
  if ((err as { budget?: boolean }).budget) return 'delai_depasse';
  if (err instanceof LiveUnavailableError && err.reason === 'delai_depasse') return 'delai_depasse';
  return 'amont_indisponible';
}

function mutedEntry(copies: readonly { pays: string; register: string }[], m: MutedRegister) {
  return {
    pays: copies.find((c) => c.register === m.registre)?.pays ?? null,
    registre: m.registre,
    motif: m.motif,
  };
}
