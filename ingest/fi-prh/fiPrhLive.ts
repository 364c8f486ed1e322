import path from 'node:path';
import { SOURCE_ROOT } from '../../ops/sourceRoot.ts';
import type { EuLiveReader } from '../../schemas/europe/euLiveRegister.ts';
import { FI_PRH_REGISTER } from '../../schemas/events/fiPrhEvents.ts';
import type { LiveQueryClient } from '../core/liveQuery.ts';
import type { LiveRecordings } from '../core/liveRecordings.ts';
import { createLiveRegisterReader, type LiveReaderDeps } from '../core/liveRegisterClient.ts';
import { nameSearchReader } from '../core/nameSearchReader.ts';
import { type PrhProfileRecord, prhEventsAnswer } from './prhEvents.ts';
import { extractPrh } from './prhProfile.ts';

/**
 * PRH as a live register: `companies?businessId=` for the profile and the events (one answer, one observation,
 * served to both from this process's cache), `companies?name=` for the search.
 */
export function createPrhReader(client: LiveQueryClient): EuLiveReader {
  const reader = nameSearchReader<PrhProfileRecord>(client, {
    register: FI_PRH_REGISTER,
    isIdentifier: (q) => /^\d{7}-\d$/.test(q),
    askProfile: (id) => client.get('/companies', { businessId: id }),
    // PRH answers pages of 100 (it ignores a smaller size): the best `limit` are kept.
    askByName: (q) => client.get('/companies', { name: q }),
  });
  return {
    ...reader,
    details: {
      async evenements(id) {
        const { record, observation } = await reader.profile(id);
        return prhEventsAnswer(record, observation);
      },
    },
  };
}

/** PRH's client: no credentials, no published rate limit (a 429 is possible): at most 120 calls a minute. */
export const createPrhLive = (deps: LiveReaderDeps): EuLiveReader =>
  createLiveRegisterReader(
    { register: FI_PRH_REGISTER, perMinute: 120, extract: extractPrh, reader: createPrhReader },
    deps,
  );

/** The recorded answers (live/SOURCE.txt says which are real and which are built). */
export const PRH_RECORDINGS: LiveRecordings = {
  folder: path.join(SOURCE_ROOT, 'ingest', 'fi-prh', 'live'),
  answers: [
    {
      method: 'GET',
      path: '/companies?businessId=0112038-9',
      status: 200,
      file: 'companies_businessId-0112038-9.json',
    },
    {
      method: 'GET',
      path: '/companies?businessId=2331972-7',
      status: 200,
      file: 'companies_businessId-2331972-7_empty.json',
    },
    {
      method: 'GET',
      path: '/companies?businessId=1572860-0',
      status: 200,
      file: 'companies_businessId-1572860-0_constructed.json',
    },
    {
      method: 'GET',
      path: '/companies?businessId=9900001-8',
      status: 200,
      file: 'companies_businessId-9900001-8_liquidation_constructed.json',
    },
    {
      method: 'GET',
      path: '/companies?businessId=9900002-6',
      status: 200,
      file: 'companies_businessId-9900002-6_no_event_constructed.json',
    },
    { method: 'GET', path: '/companies?name=nokia', status: 200, file: 'companies_name-nokia.json' },
  ],
};
