import path from 'node:path';
import { SOURCE_ROOT } from '../../ops/sourceRoot.ts';
import { CH_SOGC_INSOLVENCY_RUBRICS } from '../../schemas/enums/chSogc.ts';
import type { EuLiveReader, LiveDetailAnswer, LiveObservation } from '../../schemas/europe/euLiveRegister.ts';
import { CH_SOGC_REGISTER } from '../../schemas/events/chSogcEvents.ts';
import { dottedSwissUid } from '../../schemas/identifiers/swissUid.ts';
import { type LiveQueryClient, observationOf } from '../core/liveQuery.ts';
import type { LiveRecording, LiveRecordings } from '../core/liveRecordings.ts';
import { createLiveRegisterReader, type LiveReaderDeps } from '../core/liveRegisterClient.ts';
import { denominationOf, insolvencyMembers, publicationsMembers } from './sogcDetails.ts';
import { extractSogc, SOGC_MAX_AGE_MS, SOGC_PAGE_SIZE, type SogcListRecord } from './sogcPublications.ts';

const INSOLVENCY_RUBRICS = Object.keys(CH_SOGC_INSOLVENCY_RUBRICS);

/**
 * The list of a company's publications in some rubrics, newest first: `uids` is the gazette's UID filter
 * (dotted spelling only), `publicationStates=PUBLISHED` is required (and gives `total`). The register
 * rubric is asked with its structured content (company, changes); the insolvency rubrics without it, since
 * only their references are served and their content names persons (creditors, liquidators, debtors).
 */
export function sogcListQuery(uid: string, rubrics: readonly string[], withContent: boolean) {
  return {
    publicationStates: 'PUBLISHED',
    tenant: 'shab',
    rubrics: rubrics.join(','),
    uids: dottedSwissUid(uid),
    includeContent: String(withContent),
    'pageRequest.page': '0',
    'pageRequest.size': String(SOGC_PAGE_SIZE),
    'pageRequest.sortOrders': 'column:PUBLICATION_DATE|direction:DESC',
  };
}

interface ListRead {
  record: SogcListRecord;
  observation: LiveObservation;
}

/**
 * The gazette as a live register of detail routes only (the Swiss profile and search come from Zefix):
 * `evenements` reads the company's register publications, `insolvabilite` those and the insolvency rubrics'.
 * A company whose publications state a sole proprietorship, or a form that does not decide, is refused
 * before anything of its publications is kept.
 */
export function createSogcReader(client: LiveQueryClient): EuLiveReader {
  const list = async (uid: string, rubrics: readonly string[], withContent: boolean): Promise<ListRead> => {
    const answer = await client.get('/publications', sogcListQuery(uid, rubrics, withContent), {
      maxAgeMs: SOGC_MAX_AGE_MS,
    });
    return { record: answer.record as SogcListRecord, observation: observationOf(answer) };
  };
  const latest = (observations: readonly LiveObservation[]) =>
    observations
      .map((o) => o.observedAt)
      .sort()
      .at(-1)!;

  /** The refusal the legal forms of the register publications decide, or null when the company is served. */
  const refusal = (register: ListRead, observations: LiveObservation[]): LiveDetailAnswer | null => {
    const forme = register.record.forme;
    if (forme?.personne === 'physique') return { outcome: 'personne_physique', observations };
    if (forme?.personne === 'indecise')
      return { outcome: 'forme_indecise', forme_code: forme.code, observations };
    return null;
  };

  return {
    register: CH_SOGC_REGISTER,
    async profile() {
      throw new Error(`${CH_SOGC_REGISTER} serves detail routes only (the Swiss profile is Zefix's)`);
    },
    searchesByName: false,
    async search() {
      throw new Error(`${CH_SOGC_REGISTER} serves detail routes only (the Swiss search is Zefix's)`);
    },
    circuit: () => client.circuit(),
    details: {
      async evenements(id) {
        const register = await list(id, ['HR'], true);
        const observations = [register.observation];
        const refused = refusal(register, observations);
        if (refused) return refused;
        return {
          outcome: 'servi',
          denomination: denominationOf(register.record),
          members: publicationsMembers(register.record, register.observation.observedAt),
          observations,
        };
      },
      async insolvabilite(id) {
        const register = await list(id, ['HR'], true);
        const refused = refusal(register, [register.observation]);
        if (refused) return refused;
        const insolvency = await list(id, INSOLVENCY_RUBRICS, false);
        const observations = [register.observation, insolvency.observation];
        // Insolvency publications without any register publication to state the legal form: the company may
        // be a sole proprietorship (a natural person's bankruptcy), so it is not served.
        if (register.record.forme === null && insolvency.record.total > 0) {
          return { outcome: 'forme_indecise', forme_code: null, observations };
        }
        return {
          outcome: 'servi',
          denomination: denominationOf(register.record),
          members: insolvencyMembers(register.record, insolvency.record, latest(observations)),
          observations,
        };
      },
    },
  };
}

/**
 * The gazette's client: no credentials; no published rate limit (its terms allow blocking abusive clients),
 * so at most 60 calls a minute.
 */
export const createSogcLive = (deps: LiveReaderDeps): EuLiveReader =>
  createLiveRegisterReader(
    { register: CH_SOGC_REGISTER, perMinute: 60, extract: extractSogc, reader: createSogcReader },
    deps,
  );

/** The recorded answer to a company's list in some rubrics (the path as the client asks it, decoded). */
function listRecording(
  uid: string,
  rubrics: readonly string[],
  withContent: boolean,
  file: string,
): LiveRecording {
  const query = Object.entries(sogcListQuery(uid, rubrics, withContent))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return { method: 'GET', path: `/publications?${query}`, status: 200, file };
}

/** The recorded answers (live/SOURCE.txt says what is real and what is built around it). */
export const SOGC_RECORDINGS: LiveRecordings = {
  folder: path.join(SOURCE_ROOT, 'ingest', 'ch-sogc', 'live'),
  answers: [
    ['CHE-102.925.180', 'publications_CHE-102.925.180'],
    ['CHE-307.336.313', 'publications_CHE-307.336.313'],
    ['CHE-159.326.663', 'publications_CHE-159.326.663'],
    ['CHE-100.000.006', 'publications_CHE-100.000.006'],
  ]
    .flatMap(([uid, stem]) => [
      listRecording(uid!, ['HR'], true, `${stem}_HR_constructed.json`),
      listRecording(uid!, INSOLVENCY_RUBRICS, false, `${stem}_KK-NA-LS_constructed.json`),
    ])
    .concat([
      listRecording('CHE-100.000.012', ['HR'], true, 'publications_CHE-100.000.012_HR_constructed.json'),
    ]),
};
