import path from 'node:path';
import { SOURCE_ROOT } from '../../ops/sourceRoot.ts';
import type { LiveObservation } from '../../schemas/europe/euLiveRegister.ts';
import {
  FR_JUDILIBRE_REGISTER,
  type JudilibreDecisionRead,
  type JudilibreDecisionRecord,
  type JudilibreReader,
  type JudilibreSearchRecord,
} from '../../schemas/events/frJudilibreEvents.ts';
import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';
import { type LiveAnswer, type LiveQueryClient, observationOf } from '../core/liveQuery.ts';
import type { LiveRecording, LiveRecordings } from '../core/liveRecordings.ts';
import { createLiveRegisterReader, type LiveReaderDeps } from '../core/liveRegisterClient.ts';
import { decisionQueryOf, extractJudilibre, type JudilibreRecord } from './judilibreAnswers.ts';
import { PISTE_TOKEN_PATH, pisteAuthenticatedFetch, pisteTokenUrl } from './pisteOAuth.ts';

/**
 * How long an observation is served again without asking Judilibre: 24 hours. A decision does not change once
 * published, and new ones are published in batches; the searches and decisions of one company cost up to 22
 * calls, which the read table saves on a second question the same day.
 */
export const JUDILIBRE_MAX_AGE_MS = 24 * 3600_000;

/**
 * Decisions per search page: Judilibre's default, 10 (its published maximum is 50, `page_size`; and no page
 * beyond the 10,000th result, 416). Two pages a company (by SIREN, by name): at most 20 decisions read a call.
 */
export const JUDILIBRE_PAGE_SIZE = 10;

/**
 * Judilibre's published limits (OpenAPI `public/JUDILIBRE-public.json` and README of
 * github.com/Cour-de-cassation/judilibre-search at c734338): `page_size` 50 at most, `page * page_size +
 * page_size` ≤ 10,000 (else 416), 429 when over quota; its README says the quotas are set by the PISTE portal
 * ("des quotas qui seront prochainement sur le portail PISTE") and publishes no rate. So at most 60 calls a
 * minute from this process (one a second on average), every observation kept 24 hours.
 */
const JUDILIBRE_PER_MINUTE = 60;

/** Courts searched: every one Judilibre serves (without `jurisdiction`, it searches the Cour de cassation only). */
const JURISDICTIONS = ['cc', 'ca', 'tj', 'tcom'] as const;

/** The path and query of a search for the company (its SIREN, or its name), as the reader sends it. */
export function searchPath(query: string): string {
  const qs = new URLSearchParams({
    query,
    operator: 'exact',
    page_size: String(JUDILIBRE_PAGE_SIZE),
    resolve_references: 'true',
  });
  for (const j of JURISDICTIONS) qs.append('jurisdiction', j);
  return `/search?${qs.toString()}`;
}

/** The path and query of a decision read for the company (its SIREN and name in Judilibre's `query`). */
export function decisionPath(id: string, company: { siren: string; denomination: string | null }): string {
  const qs = new URLSearchParams({ id, resolve_references: 'true', query: decisionQueryOf(company) });
  return `/decision?${qs.toString()}`;
}

const isKind = <K extends JudilibreRecord['kind']>(record: unknown, kind: K): boolean =>
  !!record && typeof record === 'object' && (record as { kind?: unknown }).kind === kind;

/** A GET through the read table; an observation kept by an earlier parser, of another shape, is asked again. */
async function read(client: LiveQueryClient, pathAndQuery: string, accepts: (r: unknown) => boolean) {
  let answer: LiveAnswer = await client.get(pathAndQuery, {}, { maxAgeMs: JUDILIBRE_MAX_AGE_MS });
  if (answer.cached && !accepts(answer.record)) answer = await client.get(pathAndQuery, {}, { fresh: true });
  return checked(answer, accepts);
}

/** The answer, if it holds a record of this parser's kind (a search by default); else `illisible`. */
function checked(answer: LiveAnswer, accepts: (r: unknown) => boolean = isSearch): LiveAnswer {
  if (!accepts(answer.record)) {
    throw new LiveUnavailableError(FR_JUDILIBRE_REGISTER, 'illisible', 'Judilibre: no record of this answer');
  }
  return answer;
}

const isSearch = (r: unknown) => isKind(r, 'fr-judilibre-recherche');

/** Judilibre as the contentieux route reads it: two searches, then each decision found. */
export function createJudilibreReader(client: LiveQueryClient): JudilibreReader {
  return {
    register: FR_JUDILIBRE_REGISTER,
    maxAgeMs: JUDILIBRE_MAX_AGE_MS,
    async contentieux(company) {
      const queries = [company.siren, ...(company.denomination ? [company.denomination] : [])];
      // One search after the other: a failing Judilibre is asked once (and retried), not once per question,
      // and a route call counts one failure against its circuit (the live register contract). Side by side
      // they saved one upstream wait of a miss but broke both.
      // Their observations go to the log in one append, before any answer (one statement a miss, not two).
      const asked = await client.getAll(
        queries.map((q) => ({ path: searchPath(q), opts: { maxAgeMs: JUDILIBRE_MAX_AGE_MS } })),
        { inTurn: true },
      );
      const searches: LiveAnswer[] = [];
      for (const [i, outcome] of asked.entries()) {
        if (outcome.status === 'rejected') throw outcome.reason;
        let answer = outcome.value;
        // An observation kept by an earlier parser, of another shape, is asked again.
        if (answer.cached && !isSearch(answer.record))
          answer = await client.get(searchPath(queries[i]!), {}, { fresh: true });
        searches.push(checked(answer, isSearch));
      }
      const pages = searches.map((s) => s.record as JudilibreSearchRecord);
      const ids = [...new Set(pages.flatMap((p) => p.ids))];
      const answers = await Promise.all(
        ids.map((id) =>
          read(
            client,
            decisionPath(id, company),
            (r) => isKind(r, 'fr-judilibre-decision') || isKind(r, 'fr-judilibre-decision-absente'),
          ),
        ),
      );
      const decisions: JudilibreDecisionRead[] = answers
        .filter((a) => isKind(a.record, 'fr-judilibre-decision'))
        .map((a) => ({ record: a.record as JudilibreDecisionRecord, observation: observationOf(a) }))
        .filter((d) => d.record.rattachement !== null);
      const observations: LiveObservation[] = searches.map(observationOf);
      return {
        decisions,
        searches: observations,
        tronque: pages.some((p) => p.total > p.ids.length),
      };
    },
    circuit: () => client.circuit(),
  };
}

/**
 * Judilibre's client, through PISTE: a Bearer token from PISTE's OAuth2 client-credentials endpoint with
 * `LIVE_CREDENTIALS_FR_JUDILIBRE` (`client_id:client_secret`), asked again before it expires and on a 401.
 * A decision answered 404 (withdrawn since the search) is an answer, skipped.
 */
export function createJudilibreLive(deps: LiveReaderDeps): JudilibreReader {
  return createLiveRegisterReader(
    {
      register: FR_JUDILIBRE_REGISTER,
      perMinute: JUDILIBRE_PER_MINUTE,
      answerStatuses: [404],
      extract: extractJudilibre,
      reader: createJudilibreReader,
    },
    {
      ...deps,
      fetch: pisteAuthenticatedFetch({
        tokenUrl: pisteTokenUrl(deps.baseUrl),
        credentials: deps.credentials ?? '',
        ...(deps.fetch ? { fetch: deps.fetch } : {}),
        ...(deps.now ? { now: deps.now } : {}),
      }),
    },
  );
}

/** The demo company whose questions are recorded (ingest/fr-sirene/demo): SOCIETE DES SUCRERIES DU MARQUENTERRE. */
export const JUDILIBRE_DEMO_COMPANY = {
  siren: '005420120',
  denomination: 'SOCIETE DES SUCRERIES DU MARQUENTERRE',
};

/** The decisions the recorded search pages list (ids as Judilibre's sample server gives them). */
const DEMO_DECISION_IDS = [
  '5fca25d9cbbf603303c4ff89',
  '5fca25d9cbbf603303c4ff890ca',
  '6777e09c42e668db5e0515c2',
  '5fca498d7d77ec2640ac52ad',
  '5fca498d7d77ec2640ac52ad0ca',
  '6777e1b37c4ce9416413030c',
  '607dde48bdd797b53ae6e137',
  '607dde48bdd797b53ae6e1370ca',
];

const get = (pathAndQuery: string, file: string): LiveRecording => ({
  method: 'GET',
  path: pathAndQuery.replace(/\+/g, ' ').replace(/%[0-9A-F]{2}/gi, (c) => decodeURIComponent(c)),
  status: 200,
  file,
});

/**
 * The recorded answers (live/SOURCE.txt): the Court's own sample server (judilibre-search without
 * Elasticsearch) over its own sample decisions, asked the demo company's questions; the PISTE token answer is
 * one PISTE's sandbox gave, as its recipient published it.
 */
export const JUDILIBRE_RECORDINGS: LiveRecordings = {
  folder: path.join(SOURCE_ROOT, 'ingest', 'fr-judilibre', 'live'),
  answers: [
    { method: 'POST', path: PISTE_TOKEN_PATH, status: 200, file: 'piste_token_sandbox_recorded.json' },
    get(searchPath(JUDILIBRE_DEMO_COMPANY.siren), 'search_siren_005420120.json'),
    get(searchPath(JUDILIBRE_DEMO_COMPANY.denomination), 'search_denomination_005420120.json'),
    ...DEMO_DECISION_IDS.map((id) => get(decisionPath(id, JUDILIBRE_DEMO_COMPANY), `decision_${id}.json`)),
  ],
};
