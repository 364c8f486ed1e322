import { distance } from 'fastest-levenshtein';
import type { EuLiveReader, LiveProfileRecord } from '../../schemas/europe/euLiveRegister.ts';
import type { ProfileMatch } from '../../schemas/europe/euProfileRow.ts';
import { CZ_ARES_REGISTER } from '../../schemas/events/czAresEvents.ts';
import type { LiveAnswer, LiveQueryClient } from '../core/liveQuery.ts';
import { type AresSearchRecord, extractAresProfile, extractAresSearch } from './aresProfile.ts';

/** The real public address of ARES REST v3 (no credentials). */
export const ARES_URL = 'https://ares.gov.cz/ekonomicke-subjekty-v-be/rest';

const folded = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** How close a name is to the query: 1 when equal once folded, else 1 − edit distance / longer length. */
function scoreOf(q: string, name: string | null): Pick<ProfileMatch, 'score' | 'correspondance'> {
  const a = folded(q);
  const b = folded(name ?? '');
  if (a === b) return { score: 1, correspondance: 'denomination_exacte' };
  const longer = Math.max(a.length, b.length) || 1;
  const direct = 1 - distance(a, b) / longer;
  // ARES matches names that contain the query: the name's best window of the query's length counts too.
  const window = b.includes(a) ? 0.9 : 0;
  return {
    score: Math.max(0, Math.min(0.99, Math.max(direct, window))),
    correspondance: 'denomination_approchee',
  };
}

const observationOf = (answer: LiveAnswer) => ({
  url: answer.url,
  observedAt: answer.observedAt,
  bodySha256: answer.bodySha256,
  cached: answer.cached,
});

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
    async search(q, limit) {
      if (/^\d{8}$/.test(q)) {
        const { record, observation } = await profile(q);
        const row = record.profil;
        const matches: ProfileMatch[] =
          row && !row.personne_physique
            ? [
                {
                  id_national: row.id_national,
                  denomination: row.denomination,
                  statut: row.statut,
                  ville: row.ville,
                  score: 1,
                  correspondance: 'identifiant_national',
                },
              ]
            : [];
        return { matches, total: matches.length, observation };
      }
      const answer = await client.post('/ekonomicke-subjekty/vyhledat', {
        obchodniJmeno: q,
        start: 0,
        pocet: limit,
      });
      const record = answer.record as AresSearchRecord;
      const matches = record.resultats.map((r) => ({ ...r, ...scoreOf(q, r.denomination) }));
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
