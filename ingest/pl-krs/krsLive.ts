import path from 'node:path';
import { SOURCE_ROOT } from '../../ops/sourceRoot.ts';
import type { EuLiveReader, LiveProfileRecord } from '../../schemas/europe/euLiveRegister.ts';
import { PL_KRS_REGISTER } from '../../schemas/events/plKrsEvents.ts';
import { profileAsMatches } from '../core/liveProfileMatch.ts';
import { createLiveQueryClient, type LiveQueryClient, observationOf } from '../core/liveQuery.ts';
import type { LiveRecordings } from '../core/liveRecordings.ts';
import { extractKrs } from './krsProfile.ts';

/**
 * KRS as a live register: the current extract of the entrepreneurs' register (P), else of the associations'
 * register (S) when P does not know the number. KRS has no search by name: a search asks it by number only.
 */
export function createKrsReader(client: LiveQueryClient): EuLiveReader {
  const profile = async (krs: string) => {
    let answer = await client.get(`/OdpisAktualny/${krs}`, { rejestr: 'P', format: 'json' });
    if ((answer.record as LiveProfileRecord).profil === null && answer.status === 404) {
      answer = await client.get(`/OdpisAktualny/${krs}`, { rejestr: 'S', format: 'json' });
    }
    return { record: answer.record as LiveProfileRecord, observation: observationOf(answer) };
  };
  return {
    register: PL_KRS_REGISTER,
    profile,
    searchesByName: false,
    async search(q) {
      const { record, observation } = await profile(q);
      const matches = profileAsMatches(record);
      return { matches, total: matches.length, observation };
    },
    circuit: () => client.circuit(),
  };
}

/** KRS's client: no credentials, no published limit; at most 120 calls a minute from this process. */
export function createKrsLive(deps: {
  baseUrl: string;
  store: Parameters<typeof createLiveQueryClient>[0]['store'];
  now?: () => Date;
  fetch?: typeof fetch;
  timeoutMs?: number;
  breaker?: { failures: number; halfOpenAfterMs: number };
}): EuLiveReader {
  return createKrsReader(
    createLiveQueryClient({
      register: PL_KRS_REGISTER,
      baseUrl: deps.baseUrl,
      timeoutMs: deps.timeoutMs ?? 3000,
      retries: 1,
      breaker: deps.breaker ?? { failures: 5, halfOpenAfterMs: 30_000 },
      concurrency: { max: 8, queue: 32 },
      perMinute: 120,
      cacheMs: 60_000,
      answerStatuses: [404],
      extract: extractKrs,
      store: deps.store,
      ...(deps.now ? { now: deps.now } : {}),
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    }),
  );
}

/** The recorded answers (live/SOURCE.txt). */
export const KRS_RECORDINGS: LiveRecordings = {
  folder: path.join(SOURCE_ROOT, 'ingest', 'pl-krs', 'live'),
  answers: [
    {
      method: 'GET',
      path: '/OdpisAktualny/0000405063?rejestr=P&format=json',
      status: 200,
      file: 'OdpisAktualny_0000405063_rejestr-P.json',
    },
    {
      method: 'GET',
      path: '/OdpisAktualny/0000413516?rejestr=P&format=json',
      status: 200,
      file: 'OdpisAktualny_0000413516_rejestr-P.json',
    },
  ],
};
