import type { EuLiveReader } from '../../schemas/europe/euLiveRegister.ts';
import { CZ_ARES_REGISTER } from '../../schemas/events/czAresEvents.ts';
import type { LiveQueryClient } from '../core/liveQuery.ts';
import { nameSearchReader } from '../core/nameSearchReader.ts';
import { extractAresProfile, extractAresSearch } from './aresProfile.ts';

/**
 * ARES as a live register: the profile by IČO (`GET /ekonomicke-subjekty/{ico}`, 404 NENALEZENO is an
 * answer) and the search by name (`POST /ekonomicke-subjekty/vyhledat`) or by IČO (the profile).
 */
export function createAresReader(client: LiveQueryClient): EuLiveReader {
  return nameSearchReader(client, {
    register: CZ_ARES_REGISTER,
    isIdentifier: (q) => /^\d{8}$/.test(q),
    askProfile: (ico) => client.get(`/ekonomicke-subjekty/${ico}`),
    askByName: (q, limit) =>
      client.post('/ekonomicke-subjekty/vyhledat', { obchodniJmeno: q, start: 0, pocet: limit }),
  });
}

/** The parser the ARES client applies before anything is recorded (createLiveQueryClient's `extract`). */
export function extractAres(status: number, json: unknown, url: string) {
  const ico = /\/ekonomicke-subjekty\/(\d{8})$/.exec(new URL(url).pathname)?.[1];
  return ico ? extractAresProfile(ico)(status, json) : extractAresSearch(status, json);
}
