import path from 'node:path';
import { SOURCE_ROOT } from '../../ops/sourceRoot.ts';
import type { EuLiveReader, LiveProfileRecord } from '../../schemas/europe/euLiveRegister.ts';
import { SK_RPO_REGISTER } from '../../schemas/events/skRpoEvents.ts';
import { rankedByName, searchByIdentifier, searchRecordOf } from '../core/liveProfileMatch.ts';
import { type LiveQueryClient, observationOf } from '../core/liveQuery.ts';
import type { LiveRecordings } from '../core/liveRecordings.ts';
import { createLiveRegisterReader, type LiveReaderDeps } from '../core/liveRegisterClient.ts';
import { extractRpo, type RpoSearchRecord } from './rpoProfile.ts';

const ENTITY_QUERY = { showHistoricalData: 'true', showOrganizationUnits: 'false' };

/**
 * RPO as a live register. The profile: `search?identifier=` finds the entity's id, `entity/{id}` gives the
 * record (the search carries no legal form). The search by name: `search?fullName=`, then each result's entity,
 * in parallel: a sole trader is known as one only from its entity, so no name is served or recorded before.
 */
export function createRpoReader(client: LiveQueryClient): EuLiveReader {
  const entity = async (id: number) => {
    const answer = await client.get(`/entity/${id}`, ENTITY_QUERY);
    return { record: answer.record as LiveProfileRecord, observation: observationOf(answer) };
  };
  const profile = async (ico: string) => {
    const found = await client.get('/search', { identifier: ico });
    const ids = (found.record as RpoSearchRecord).resultats.filter((r) => r.ico === ico);
    if (ids.length === 0) {
      return {
        record: { kind: 'eu-profil' as const, pays: 'SK', id_national: ico, profil: null },
        observation: observationOf(found),
      };
    }
    // An IČO names one entity; should RPO hold several, the most recent record (highest id) is the current.
    return entity(Math.max(...ids.map((r) => r.id)));
  };
  return {
    register: SK_RPO_REGISTER,
    profile,
    searchesByName: true,
    async search(q, limit) {
      if (/^\d{8}$/.test(q)) return searchByIdentifier(profile, q);
      const found = await client.get('/search', { fullName: q });
      const results = (found.record as RpoSearchRecord).resultats.slice(0, limit);
      const entities = await Promise.all(results.map((r) => entity(r.id)));
      const record = searchRecordOf(
        results.length,
        entities.map((e) => e.record.profil),
      );
      const matches = rankedByName(q, record, limit);
      return { matches, total: null, observation: observationOf(found) };
    },
    circuit: () => client.circuit(),
  };
}

/**
 * RPO's client: no credentials and no published rate limit; this process sends at most 300 calls a minute.
 * Every answer that is not 200 is a failure (an unknown IČO is an empty search, not a 404).
 */
export const createRpoLive = (deps: LiveReaderDeps): EuLiveReader =>
  createLiveRegisterReader(
    { register: SK_RPO_REGISTER, perMinute: 300, extract: extractRpo, reader: createRpoReader },
    deps,
  );

const entityPath = (id: number) => `/entity/${id}?showHistoricalData=true&showOrganizationUnits=false`;

/** The recorded answers (live/SOURCE.txt says which are real and which are built from them). */
export const RPO_RECORDINGS: LiveRecordings = {
  folder: path.join(SOURCE_ROOT, 'ingest', 'sk-rpo', 'live'),
  answers: [
    {
      method: 'GET',
      path: '/search?identifier=31322832',
      status: 200,
      file: 'search_identifier-31322832.json',
    },
    { method: 'GET', path: entityPath(1003617), status: 200, file: 'entity_1003617_constructed.json' },
    {
      method: 'GET',
      path: '/search?identifier=31333532',
      status: 200,
      file: 'search_identifier-31333532_constructed.json',
    },
    {
      method: 'GET',
      path: entityPath(937053),
      status: 200,
      file: 'entity_937053_REDACTED-by-source-authors.json',
    },
    {
      method: 'GET',
      path: '/search?identifier=47654325',
      status: 200,
      file: 'search_identifier-47654325_constructed.json',
    },
    {
      method: 'GET',
      path: '/search?identifier=40123456',
      status: 200,
      file: 'search_identifier-40123456_constructed.json',
    },
    { method: 'GET', path: entityPath(7770001), status: 200, file: 'entity_7770001_constructed.json' },
    {
      method: 'GET',
      path: '/search?fullName=slovnaft',
      status: 200,
      file: 'search_fullName-slovnaft_constructed.json',
    },
    {
      method: 'GET',
      path: '/search?fullName=servis',
      status: 200,
      file: 'search_fullName-servis_constructed.json',
    },
  ],
};
