import path from 'node:path';
import { SOURCE_ROOT } from '../../ops/sourceRoot.ts';
import type { EuLiveReader } from '../../schemas/europe/euLiveRegister.ts';
import { CH_ZEFIX_REGISTER } from '../../schemas/events/chZefixEvents.ts';
import { compactSwissUid, isValidSwissUid } from '../../schemas/identifiers/swissUid.ts';
import type { LiveQueryClient } from '../core/liveQuery.ts';
import type { LiveRecordings } from '../core/liveRecordings.ts';
import { createLiveRegisterReader, type LiveReaderDeps } from '../core/liveRegisterClient.ts';
import { nameSearchReader } from '../core/nameSearchReader.ts';
import { extractZefix } from './zefixProfile.ts';

/**
 * Zefix PublicREST as a live register: the profile by UID (`GET /company/uid/CHE123456789`) and the search by
 * name (`POST /company/search`, the beginning of the name, deleted companies included) or by UID (the profile).
 */
export function createZefixReader(client: LiveQueryClient): EuLiveReader {
  return nameSearchReader(client, {
    register: CH_ZEFIX_REGISTER,
    isIdentifier: isValidSwissUid,
    askProfile: (id) => client.get(`/company/uid/${compactSwissUid(id)}`),
    askByName: (q) => client.post('/company/search', { name: q, activeOnly: false }),
  });
}

/**
 * Zefix's client: HTTP Basic with the credentials the Federal Office of Justice issues on request
 * (`LIVE_CREDENTIALS_CH_ZEFIX`); no published rate limit, so at most 60 calls a minute; a 404 NOT_FOUND is
 * an answer (unknown UID, or no company found).
 */
export const createZefixLive = (deps: LiveReaderDeps): EuLiveReader =>
  createLiveRegisterReader(
    {
      register: CH_ZEFIX_REGISTER,
      perMinute: 60,
      auth: 'basic',
      answerStatuses: [404],
      extract: extractZefix,
      reader: createZefixReader,
    },
    deps,
  );

/** The recorded answers: all built from the OpenAPI's schemas (live/SOURCE.txt), none is a real recording. */
export const ZEFIX_RECORDINGS: LiveRecordings = {
  folder: path.join(SOURCE_ROOT, 'ingest', 'ch-zefix', 'live'),
  answers: [
    {
      method: 'GET',
      path: '/company/uid/CHE238945329',
      status: 200,
      file: 'company_uid_CHE238945329_constructed.json',
    },
    {
      method: 'GET',
      path: '/company/uid/CHE391572071',
      status: 200,
      file: 'company_uid_CHE391572071_constructed.json',
    },
    {
      method: 'GET',
      path: '/company/uid/CHE491907686',
      status: 200,
      file: 'company_uid_CHE491907686_constructed.json',
    },
    {
      method: 'GET',
      path: '/company/uid/CHE100000006',
      status: 404,
      file: 'company_uid_CHE100000006_not-found_constructed.json',
    },
    {
      method: 'POST',
      path: '/company/search',
      bodyMatches: { name: 'migros' },
      status: 200,
      file: 'company_search_migros_constructed.json',
    },
  ],
};
