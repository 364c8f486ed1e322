import path from 'node:path';
import { SOURCE_ROOT } from '../../ops/sourceRoot.ts';
import {
  PL_WHITE_LIST_REGISTER,
  type WhiteListReader,
  type WhiteListSubjectRecord,
} from '../../schemas/events/plWhiteListEvents.ts';
import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';
import { type LiveQueryClient, observationOf } from '../core/liveQuery.ts';
import type { LiveRecordings } from '../core/liveRecordings.ts';
import { createLiveRegisterReader, type LiveReaderDeps } from '../core/liveRegisterClient.ts';
import { whiteListSubjectRecord } from './whiteListSubject.ts';

/**
 * The ministry limits search calls per IP and day (FORMATS-LIVE.md §4b: about 100 search calls a day, a
 * guess; the published rule is 10 queries of up to 30 subjects). 10 a minute from this process, each answer
 * kept 60 s in the process's cache; a 429 holds the register back until its Retry-After.
 */
const WL_PER_MINUTE = 10;

const isRecord = (record: unknown): record is WhiteListSubjectRecord =>
  !!record && typeof record === 'object' && (record as { kind?: unknown }).kind === 'pl-wl-subject';

/** The white list's search by NIP: `GET /api/search/nip/{nip}?date=YYYY-MM-DD`. */
export function createWhiteListLive(deps: LiveReaderDeps): WhiteListReader {
  const client = createLiveRegisterReader<LiveQueryClient>(
    {
      register: PL_WHITE_LIST_REGISTER,
      perMinute: WL_PER_MINUTE,
      // A refused question (`{code:"WL-1xx"}`) comes with a 400: read, so that it names the ministry's code.
      answerStatuses: [400],
      extract: (status, json, url) => whiteListSubjectRecord(status, json, url),
      reader: (c) => c,
    },
    deps,
  );
  return {
    register: PL_WHITE_LIST_REGISTER,
    async subject(nip, date) {
      const answer = await client.get(`/api/search/nip/${nip}`, { date });
      if (!isRecord(answer.record)) {
        throw new LiveUnavailableError(PL_WHITE_LIST_REGISTER, 'illisible', 'White list: unreadable record');
      }
      return { record: answer.record, observation: observationOf(answer) };
    },
    circuit: () => client.circuit(),
  };
}

const byNip = (nip: string, file: string) => ({
  method: 'GET' as const,
  path: `/api/search/nip/${nip}`,
  anyQuery: true as const,
  status: 200,
  file,
});

/** The recorded answers (live/SOURCE.txt): two real answers. */
export const WHITE_LIST_RECORDINGS: LiveRecordings = {
  folder: path.join(SOURCE_ROOT, 'ingest', 'pl-wl', 'live'),
  answers: [
    byNip('7792422251', 'nip_7792422251_trimmed.json'),
    byNip('5260250274', 'nip_5260250274_ministerstwo_finansow.json'),
  ],
};
