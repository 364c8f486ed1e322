import path from 'node:path';
import { SOURCE_ROOT } from '../../ops/sourceRoot.ts';
import type { EuLiveReader } from '../../schemas/europe/euLiveRegister.ts';
import { DK_CVR_REGISTER } from '../../schemas/events/dkCvrEvents.ts';
import type { LiveRecording, LiveRecordings } from '../core/liveRecordings.ts';
import { createLiveRegisterReader, type LiveReaderDeps } from '../core/liveRegisterClient.ts';
import { CVR_SEARCH_PATH, createCvrReader, extractCvr } from './cvrReader.ts';

/**
 * CVR's client: HTTP Basic with the user name and password Erhvervsstyrelsen issues on request (`user:password`
 * in `LIVE_CREDENTIALS_DK_CVR`); no published rate limit: at most 120 calls a minute.
 */
export const createCvrLive = (deps: LiveReaderDeps): EuLiveReader =>
  createLiveRegisterReader(
    {
      register: DK_CVR_REGISTER,
      perMinute: 120,
      auth: 'basic',
      extract: extractCvr,
      reader: createCvrReader,
    },
    deps,
  );

/** A recorded answer to the search by CVR number. */
const byNumber = (cvr: number, file: string): LiveRecording => ({
  method: 'POST',
  path: CVR_SEARCH_PATH,
  bodyMatches: { query: { term: { 'Vrvirksomhed.cvrNummer': cvr } } },
  status: 200,
  file,
});

/** The recorded answers (live/SOURCE.txt says which is real and which are constructed). */
export const CVR_RECORDINGS: LiveRecordings = {
  folder: path.join(SOURCE_ROOT, 'ingest', 'dk-cvr', 'live'),
  answers: [
    byNumber(11617034, 'cvr_permanent_virksomhed_search_11617034.json'),
    byNumber(12345674, 'virksomhed_search_cvrNummer-12345674_empty_constructed.json'),
    byNumber(20000007, 'virksomhed_search_cvrNummer-20000007_enkeltmandsvirksomhed_constructed.json'),
    byNumber(30000005, 'virksomhed_search_cvrNummer-30000005_udenlandsk_constructed.json'),
    {
      method: 'POST',
      path: CVR_SEARCH_PATH,
      bodyMatches: {
        query: { match: { 'Vrvirksomhed.virksomhedMetadata.nyesteNavn.navn': { query: 'smidth' } } },
      },
      status: 200,
      file: 'cvr_permanent_virksomhed_search_11617034.json',
    },
  ],
};
