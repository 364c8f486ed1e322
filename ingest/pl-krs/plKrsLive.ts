import path from 'node:path';
import { SOURCE_ROOT } from '../../ops/sourceRoot.ts';
import type { EuLiveReader, LiveProfileRecord } from '../../schemas/europe/euLiveRegister.ts';
import { PL_KRS_REGISTER } from '../../schemas/events/plKrsEvents.ts';
import { searchByIdentifier } from '../core/liveProfileMatch.ts';
import { type LiveQueryClient, observationOf } from '../core/liveQuery.ts';
import type { LiveRecordings } from '../core/liveRecordings.ts';
import { createLiveRegisterReader, type LiveReaderDeps } from '../core/liveRegisterClient.ts';
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
    search: (q) => searchByIdentifier(profile, q),
    circuit: () => client.circuit(),
  };
}

/** KRS's client: no credentials, no published limit: at most 120 calls a minute; a 404 is an answer. */
export const createKrsLive = (deps: LiveReaderDeps): EuLiveReader =>
  createLiveRegisterReader(
    {
      register: PL_KRS_REGISTER,
      perMinute: 120,
      answerStatuses: [404],
      extract: extractKrs,
      reader: createKrsReader,
    },
    deps,
  );

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
