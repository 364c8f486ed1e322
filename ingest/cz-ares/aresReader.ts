import type {
  EuLiveReader,
  LiveProfileRecord,
  LiveSearchRecord,
} from '../../schemas/europe/euLiveRegister.ts';
import { CZ_ARES_REGISTER } from '../../schemas/events/czAresEvents.ts';
import { rankedByName, searchByIdentifier } from '../core/liveProfileMatch.ts';
import { type LiveQueryClient, observationOf } from '../core/liveQuery.ts';
import { extractAresProfile, extractAresSearch } from './aresProfile.ts';

/**
 * ARES as a live register: the profile by IČO (`GET /ekonomicke-subjekty/{ico}`, 404 NENALEZENO is an
 * answer) and the search by name (`POST /ekonomicke-subjekty/vyhledat`) or by IČO (the profile).
 */
export function createAresReader(client: LiveQueryClient): EuLiveReader {
  const profile = async (ico: string) => {
    const answer = await client.get(`/ekonomicke-subjekty/${ico}`);
    // The client already ran the register's parser (extract): the record is the profile record.
    return { record: answer.record as LiveProfileRecord, observation: observationOf(answer) };
  };
  return {
    register: CZ_ARES_REGISTER,
    profile,
    searchesByName: true,
    async search(q, limit) {
      if (/^\d{8}$/.test(q)) return searchByIdentifier(profile, q);
      const answer = await client.post('/ekonomicke-subjekty/vyhledat', {
        obchodniJmeno: q,
        start: 0,
        pocet: limit,
      });
      const record = answer.record as LiveSearchRecord;
      const matches = rankedByName(q, record, limit);
      return { matches, total: record.total, observation: observationOf(answer) };
    },
    circuit: () => client.circuit(),
  };
}

/** The parser the ARES client applies before anything is recorded (createLiveQueryClient's `extract`). */
export function extractAres(status: number, json: unknown, url: string) {
  const ico = /\/ekonomicke-subjekty\/(\d{8})$/.exec(new URL(url).pathname)?.[1];
  return ico ? extractAresProfile(ico)(status, json) : extractAresSearch(status, json);
}
