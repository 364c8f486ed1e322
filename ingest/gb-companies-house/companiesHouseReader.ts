import type {
  EuLiveReader,
  LiveProfileRecord,
  LiveSearchRecord,
} from '../../schemas/europe/euLiveRegister.ts';
import { GB_COMPANIES_HOUSE_REGISTER } from '../../schemas/events/gbCompaniesHouseEvents.ts';
import { rankedByName, searchByIdentifier } from '../core/liveProfileMatch.ts';
import { type LiveQueryClient, observationOf } from '../core/liveQuery.ts';
import { extractCompaniesHouseProfile, extractCompaniesHouseSearch } from './companiesHouseProfile.ts';
import { COMPANY_NUMBER } from './companiesHouseTypes.ts';

/**
 * Companies House as a live register: the company profile (`GET /company/{number}`, a 404 is an answer) and the
 * search by name (`GET /search/companies`) or by company number (the profile).
 */
export function createCompaniesHouseReader(client: LiveQueryClient): EuLiveReader {
  const profile = async (number: string) => {
    const answer = await client.get(`/company/${number}`);
    return { record: answer.record as LiveProfileRecord, observation: observationOf(answer) };
  };
  return {
    register: GB_COMPANIES_HOUSE_REGISTER,
    profile,
    searchesByName: true,
    async search(q, limit) {
      if (COMPANY_NUMBER.test(q)) return searchByIdentifier(profile, q);
      const answer = await client.get('/search/companies', { q, items_per_page: String(limit) });
      const record = answer.record as LiveSearchRecord;
      const matches = rankedByName(q, record, limit);
      return { matches, total: record.total, observation: observationOf(answer) };
    },
    circuit: () => client.circuit(),
  };
}

/** The parser Companies House's client applies before anything is recorded (by the path asked). */
export function extractCompaniesHouse(status: number, json: unknown, url: string) {
  const number = /\/company\/([^/]+)$/.exec(new URL(url).pathname)?.[1];
  return number
    ? extractCompaniesHouseProfile(decodeURIComponent(number), status, json)
    : extractCompaniesHouseSearch(status, json);
}
