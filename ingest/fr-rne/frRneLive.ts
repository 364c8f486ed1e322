import path from 'node:path';
import { SOURCE_ROOT } from '../../ops/sourceRoot.ts';
import {
  FR_RNE_REGISTER,
  type RneDirigeantsRecord,
  type RneReader,
} from '../../schemas/events/frRneEvents.ts';
import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';
import { type LiveQueryClient, observationOf } from '../core/liveQuery.ts';
import type { LiveRecording, LiveRecordings } from '../core/liveRecordings.ts';
import { createLiveRegisterReader, type LiveReaderDeps } from '../core/liveRegisterClient.ts';
import { extractRneDirigeants } from './rneDirigeants.ts';
import { rneAuthenticatedFetch } from './rneLogin.ts';

/**
 * How long an observation of a company's officers is served again without asking the RNE: 24 hours. Officers
 * change by a filed formality, rarely twice a day; the RNE's quota is per account and shared by every call.
 */
export const RNE_MAX_AGE_MS = 24 * 3600_000;

/**
 * The RNE takes longer than most registers on a large company (Danone's answer is about 60 KB): 8 s an
 * attempt, login included, unless the composition overrides it (tests).
 */
const RNE_TIMEOUT_MS = 8000;

/** A record of this parser: an observation kept by an earlier one (no `capital` member) is asked again. */
const isRecord = (record: unknown): record is RneDirigeantsRecord =>
  !!record &&
  typeof record === 'object' &&
  (record as { kind?: unknown }).kind === 'fr-rne-dirigeants' &&
  'capital' in record;

/** The RNE as a reader of officers: `GET /api/companies/{siren}`, read through the log's read table. */
export function createRneReader(client: LiveQueryClient): RneReader {
  return {
    register: FR_RNE_REGISTER,
    maxAgeMs: RNE_MAX_AGE_MS,
    async dirigeants(siren) {
      const path = `/api/companies/${siren}`;
      let answer = await client.get(path, {}, { maxAgeMs: RNE_MAX_AGE_MS });
      // An observation kept by an earlier parser, of another shape: the RNE is asked again.
      if (answer.cached && !isRecord(answer.record)) answer = await client.get(path, {}, { fresh: true });
      if (!isRecord(answer.record)) {
        throw new LiveUnavailableError(FR_RNE_REGISTER, 'illisible', 'RNE: no officers record kept');
      }
      return { record: answer.record, observation: observationOf(answer) };
    },
    circuit: () => client.circuit(),
  };
}

/**
 * The RNE's client: a Bearer token from `POST /api/sso/login` with the INPI account of
 * `LIVE_CREDENTIALS_FR_RNE` (`user:password`), asked again on a 401. The quota is per account: the INPI told
 * its licensees "10 Go par jour et 10 000 fichiers par jour" (its e-mail quoted on teamopendata.org, topic
 * 1603), and 429s happen; no per-minute rate is published, so at most 30 calls a minute, each observation kept
 * 24 hours. A 404 is an answer (no such company).
 */
export function createRneLive(deps: LiveReaderDeps): RneReader {
  const credentials = deps.credentials ?? '';
  return createLiveRegisterReader(
    {
      register: FR_RNE_REGISTER,
      perMinute: 30,
      answerStatuses: [404],
      extract: extractRneDirigeants,
      reader: createRneReader,
    },
    {
      ...deps,
      timeoutMs: deps.timeoutMs ?? RNE_TIMEOUT_MS,
      fetch: rneAuthenticatedFetch({
        baseUrl: deps.baseUrl,
        credentials,
        ...(deps.fetch ? { fetch: deps.fetch } : {}),
      }),
    },
  );
}

const company = (siren: string, file: string | undefined, status = 200): LiveRecording => ({
  method: 'GET',
  path: `/api/companies/${siren}`,
  status,
  ...(file === undefined ? {} : { file }),
});

/** The recorded answers (live/SOURCE.txt): real company answers, and the login answer written from its shape. */
export const RNE_RECORDINGS: LiveRecordings = {
  folder: path.join(SOURCE_ROOT, 'ingest', 'fr-rne', 'live'),
  answers: [
    { method: 'POST', path: '/api/sso/login', status: 200, file: 'sso_login_constructed.json' },
    company('552032534', 'companies_552032534.json'),
    company('879574283', 'companies_879574283.json'),
    company('314685454', 'companies_314685454.json'),
    company('949053854', 'companies_949053854_entrepreneur.json'),
    company('317236248', undefined, 404),
  ],
};
