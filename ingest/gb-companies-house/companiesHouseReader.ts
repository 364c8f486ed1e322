import type { EuLiveReader } from '../../schemas/europe/euLiveRegister.ts';
import { GB_COMPANIES_HOUSE_REGISTER } from '../../schemas/events/gbCompaniesHouseEvents.ts';
import type { LiveQueryClient } from '../core/liveQuery.ts';
import { nameSearchReader } from '../core/nameSearchReader.ts';
import { extractCompaniesHouseProfile, extractCompaniesHouseSearch } from './companiesHouseProfile.ts';
import { COMPANY_NUMBER } from './companiesHouseTypes.ts';

/**
 * Companies House as a live register: the company profile (`GET /company/{number}`, a 404 is an answer) and the
 * search by name (`GET /search/companies`) or by company number (the profile).
 */
export function createCompaniesHouseReader(client: LiveQueryClient): EuLiveReader {
  return nameSearchReader(client, {
    register: GB_COMPANIES_HOUSE_REGISTER,
    isIdentifier: (q) => COMPANY_NUMBER.test(q),
    askProfile: (number) => client.get(`/company/${number}`),
    askByName: (q, limit) => client.get('/search/companies', { q, items_per_page: String(limit) }),
  });
}

/** The parser Companies House's client applies before anything is recorded (by the path asked). */
export function extractCompaniesHouse(status: number, json: unknown, url: string) {
  const number = /\/company\/([^/]+)$/.exec(new URL(url).pathname)?.[1];
  return number
    ? extractCompaniesHouseProfile(decodeURIComponent(number), status, json)
    : extractCompaniesHouseSearch(status, json);
}
