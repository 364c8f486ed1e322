import type { EuLiveReader } from '../../schemas/europe/euLiveRegister.ts';
import { DK_CVR_REGISTER } from '../../schemas/events/dkCvrEvents.ts';
import type { LiveQueryClient } from '../core/liveQuery.ts';
import { nameSearchReader } from '../core/nameSearchReader.ts';
import { cvrNumberOf, extractCvrProfile, extractCvrSearch } from './cvrProfile.ts';

/** The companies' index of CVR's Elasticsearch distribution (system-til-system adgang). */
export const CVR_SEARCH_PATH = '/cvr-permanent/virksomhed/_search';

/**
 * What CVR is asked to send of each company: what the profile reads, never `deltagerRelation` (participants,
 * natural persons among them), which the parser would drop anyway.
 */
const SOURCE_FIELDS = [
  'Vrvirksomhed.cvrNummer',
  'Vrvirksomhed.navne',
  'Vrvirksomhed.virksomhedsform',
  'Vrvirksomhed.virksomhedsstatus',
  'Vrvirksomhed.livsforloeb',
  'Vrvirksomhed.virksomhedMetadata',
];

const CVR_NUMBER_FIELD = 'Vrvirksomhed.cvrNummer';

/** The company with this CVR number: a `term` query on the number (as the register's own examples do). */
export const cvrNumberQuery = (cvr: string) => ({
  _source: SOURCE_FIELDS,
  query: { term: { [CVR_NUMBER_FIELD]: Number(cvr) } },
  size: 1,
});

/** Companies by current name: a `match` query (names are analysed text), every word required. */
export const cvrNameQuery = (q: string, size: number) => ({
  _source: SOURCE_FIELDS,
  query: { match: { 'Vrvirksomhed.virksomhedMetadata.nyesteNavn.navn': { query: q, operator: 'and' } } },
  size,
});

/** The CVR number a question asks for, when it is a search by number. */
function askedNumber(requestBody: unknown): string | null {
  const term = (requestBody as { query?: { term?: Record<string, unknown> } } | null)?.query?.term;
  return term ? cvrNumberOf(term[CVR_NUMBER_FIELD]) : null;
}

/**
 * The parser CVR's client applies before anything is recorded: a search by number → the profile record (no
 * hit: unknown), a search by name → the legal persons found. Both are POSTs to the same address: the question
 * is in the body.
 */
export function extractCvr(status: number, json: unknown, _url: string, requestBody?: unknown) {
  const cvr = askedNumber(requestBody);
  return cvr ? extractCvrProfile(cvr, status, json) : extractCvrSearch(status, json);
}

/** CVR as a live register: the profile by CVR number, the search by name (or by number: the profile). */
export function createCvrReader(client: LiveQueryClient): EuLiveReader {
  return nameSearchReader(client, {
    register: DK_CVR_REGISTER,
    isIdentifier: (q) => /^\d{8}$/.test(q),
    askProfile: (cvr) => client.post(CVR_SEARCH_PATH, cvrNumberQuery(cvr)),
    askByName: (q, limit) => client.post(CVR_SEARCH_PATH, cvrNameQuery(q, limit)),
  });
}
